import { Paper } from '../../../components/mantine/Paper'
import type { ReactNode } from 'react'

interface CanvasTooltipProps {
  /** The pointer, relative to the canvas. */
  x: number
  y: number
  width: number
  /** The furthest right it may start, so it stays over the chart. */
  maxLeft: number
  children: ReactNode
}

/** What the point under the pointer of a canvas chart is, beside the pointer; never in the pointer's way. */
export function CanvasTooltip({ x, y, width, maxLeft, children }: CanvasTooltipProps) {
  return (
    <Paper
      shadow="md"
      withBorder
      p="xs"
      radius="sm"
      style={{
        position: 'absolute',
        left: Math.min(x + 12, maxLeft),
        top: y + 12,
        width,
        pointerEvents: 'none',
        zIndex: 2,
      }}
    >
      {children}
    </Paper>
  )
}
