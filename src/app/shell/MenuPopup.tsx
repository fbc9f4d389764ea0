import { Menu } from '../../components/mantine/Menu'
import { useEffect, useState, type ReactNode, type Ref } from 'react'
import { useNodeRef } from '../../lib/use-node-ref'

export interface MenuPopupProps {
  /** The button's id: Mantine names the dropdown `${id}-dropdown` and labels it by the button. */
  id: string
  /** The header's button, which stays where it is: the menu anchors to it. */
  anchor: HTMLElement
  opened: boolean
  onChange: (opened: boolean) => void
}

/** Hands Mantine's Menu.Target ref the existing button instead of rendering one. */
function ExistingTarget({ node, ref }: { node: HTMLElement; ref?: Ref<HTMLElement> }) {
  useNodeRef(ref, node)
  return null
}

/** A header menu's Mantine Menu, loaded with its items when first wanted (HeaderMenu). */
export function MenuPopup({ id, anchor, opened, onChange, children }: MenuPopupProps & { children: ReactNode }) {
  // Mounted closed, then opened: the dropdown notes the focused button as it opens, and gives focus back to it on
  // close, as when the menu mounted with the page.
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  return (
    <Menu id={id} opened={opened && mounted} onChange={onChange} position="bottom-end" withinPortal>
      <Menu.Target>
        <ExistingTarget node={anchor} />
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  )
}
