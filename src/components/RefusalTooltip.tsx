import { Tooltip } from '@mantine/core'
import { useLayoutEffect, type Ref } from 'react'
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
 * hover, focus and dismiss interactions are no part of the shell chunk that index.html preloads
 * (bench/bundle.bench.ts' boot path). It attaches to the button PermittedAction already rendered.
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
  return (
    <Tooltip label={label} events={{ hover: true, focus: true, touch: true }}>
      <TargetBridge node={node} onTargetProps={onTargetProps} />
    </Tooltip>
  )
}
