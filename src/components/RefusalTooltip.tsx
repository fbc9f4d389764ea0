import { Tooltip } from './mantine/Tooltip'
import { useLayoutEffect, useState, type Ref } from 'react'
import { useNodeRef } from '../lib/use-node-ref'

/** What Mantine's Tooltip gives its target: event handlers, and aria-describedby while it shows. */
export type TooltipTargetProps = Record<string, unknown>

interface BridgeProps {
  node: HTMLElement
  onTargetProps: (props: TooltipTargetProps) => void
  ref?: Ref<HTMLElement>
}

/** Stands where Tooltip expects its target: gives its ref the existing button, and its props to the button's owner. */
function TargetBridge({ node, onTargetProps, ref, ...props }: BridgeProps & TooltipTargetProps) {
  useNodeRef(ref, node)
  useLayoutEffect(() => onTargetProps(props))
  return null
}

/**
 * The refused action's tooltip (PermittedAction), a chunk of its own: Mantine's Tooltip and the floating library's
 * positioning are no part of the shell chunk that index.html preloads (bench/bundle.bench.ts' boot path). It attaches
 * to the button PermittedAction already rendered.
 *
 * It opens and closes by its own listeners on that button, attached as it mounts, and opens at once for a pointer or
 * a keyboard focus already there. The floating library attaches its hover listeners a commit or more later, in
 * effects a page still rendering holds back: a pointer that arrived in between and stayed still saw no tooltip
 * (e2e/permissions.spec.ts failed so now and then).
 */
export function RefusalTooltip({
  label,
  node,
  onTargetProps,
}: {
  label: string
  node: HTMLElement
  onTargetProps: (props: TooltipTargetProps) => void
}) {
  const [opened, setOpened] = useState(false)
  useLayoutEffect(() => {
    const show = () => setOpened(true)
    const hide = () => setOpened(false)
    // A click focuses the button too: that focus leaves the tooltip as the pointer has it.
    const showForKeyboard = () => node.matches(':focus-visible') && show()
    const hideOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && hide()
    if (node.matches(':hover') || node.matches(':focus-visible')) show()
    const listeners = [
      ['mouseenter', show],
      ['mouseleave', hide],
      ['focus', showForKeyboard],
      ['blur', hide],
      ['keydown', hideOnEscape],
    ] as const
    for (const [type, listener] of listeners) node.addEventListener(type, listener as EventListener)
    return () => {
      for (const [type, listener] of listeners) node.removeEventListener(type, listener as EventListener)
    }
  }, [node])
  return (
    // Wrapped, at most 300 px: on a phone the one-line reason ran past the screen's edge.
    <Tooltip label={label} opened={opened} multiline maw={300}>
      <TargetBridge node={node} onTargetProps={onTargetProps} />
    </Tooltip>
  )
}
