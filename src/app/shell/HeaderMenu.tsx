import { cloneElement, Suspense, useId, useState, type ReactElement, type ReactNode, type Ref } from 'react'
import type { MenuPopupProps } from './MenuPopup'

interface TargetProps {
  ref?: Ref<HTMLElement>
  id?: string
  onClick?: () => void
  onPointerEnter?: () => void
  onFocus?: () => void
  'aria-haspopup'?: 'menu'
  'aria-expanded'?: boolean
  'aria-controls'?: string
  'data-expanded'?: boolean
}

/**
 * A header menu whose button is in the shell and whose Mantine Menu (its popover, focus trap and items) is a chunk of
 * its own, asked for when the pointer or focus reaches the button and mounted at the first click: the shell chunk
 * that index.html preloads no longer carries Menu (bench/bundle.bench.ts' boot path). The button is the same element
 * before and after: it carries the attributes Mantine's Menu.Target gives its target, and the loaded menu anchors to it
 * rather than rendering a button of its own, so nothing moves, re-renders in place or loses focus when it arrives.
 */
export function HeaderMenu({
  target,
  preload,
  popup,
}: {
  target: ReactElement<TargetProps>
  /** Starts loading the menu's chunk. */
  preload: () => unknown
  /** The lazily loaded menu, given what it needs to anchor to the button. */
  popup: (menu: MenuPopupProps) => ReactNode
}) {
  const id = useId()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const [opened, setOpened] = useState(false)
  const [wanted, setWanted] = useState(false)
  return (
    <>
      {cloneElement(target, {
        ref: setAnchor,
        id,
        'aria-haspopup': 'menu',
        'aria-expanded': opened,
        'aria-controls': opened ? `${id}-dropdown` : undefined,
        'data-expanded': opened || undefined,
        onPointerEnter: preload,
        onFocus: preload,
        onClick: () => {
          setWanted(true)
          setOpened(!opened)
        },
      })}
      {wanted && anchor && <Suspense fallback={null}>{popup({ id, anchor, opened, onChange: setOpened })}</Suspense>}
    </>
  )
}
