import { Group, Paper, Stack, Text } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { SCALE_GRADIENT, scaleColor } from './color-scale'

interface HeatmapProps {
  similarity: Float32Array
  size: number
  texts: readonly string[]
  total: number
}

const SIDE = 440

/** The cosine similarity of every pair of inputs on a canvas; hovering a cell names both texts and the score. */
export function Heatmap({ similarity, size, texts, total }: HeatmapProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const [hover, setHover] = useState<{ i: number; j: number; x: number; y: number } | null>(null)
  let min = 1
  for (let k = 0; k < similarity.length; k++) min = Math.min(min, similarity[k]!)
  const low = Math.min(min, 0.999)

  useEffect(() => {
    const canvas = canvasRef.current
    const context = canvas?.getContext('2d')
    if (!canvas || !context || size === 0) return
    const ratio = window.devicePixelRatio || 1
    canvas.width = SIDE * ratio
    canvas.height = SIDE * ratio
    context.scale(ratio, ratio)
    const cell = SIDE / size
    context.clearRect(0, 0, SIDE, SIDE)
    for (let i = 0; i < size; i++) {
      for (let j = 0; j < size; j++) {
        context.fillStyle = scaleColor((similarity[i * size + j]! - low) / (1 - low))
        // Overlap by a fraction of a pixel so no seams show between cells.
        context.fillRect(j * cell, i * cell, cell + 0.5, cell + 0.5)
      }
    }
    // Few inputs: write each score in its cell, dark on the light end of the scale and white on the dark end.
    if (size <= 12) {
      context.font = `600 ${Math.max(11, Math.min(16, cell / 4))}px system-ui, sans-serif`
      context.textAlign = 'center'
      context.textBaseline = 'middle'
      for (let i = 0; i < size; i++) {
        for (let j = 0; j < size; j++) {
          const value = similarity[i * size + j]!
          context.fillStyle = (value - low) / (1 - low) > 0.6 ? '#1a1b1e' : '#ffffff'
          context.fillText(value.toFixed(2), (j + 0.5) * cell, (i + 0.5) * cell)
        }
      }
    }
  }, [similarity, size, low])

  const cellAt = (event: React.MouseEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect()
    const j = Math.floor(((event.clientX - rect.left) / rect.width) * size)
    const i = Math.floor(((event.clientY - rect.top) / rect.height) * size)
    return i >= 0 && j >= 0 && i < size && j < size
      ? { i, j, x: event.clientX - rect.left, y: event.clientY - rect.top }
      : null
  }

  return (
    <Stack gap="xs">
      <div style={{ position: 'relative', width: '100%', maxWidth: SIDE }}>
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`Cosine similarity heatmap of ${size} inputs, from ${low.toFixed(2)} to 1.00`}
          style={{ width: '100%', aspectRatio: '1 / 1', display: 'block', borderRadius: 6, cursor: 'crosshair' }}
          onMouseMove={(event) => setHover(cellAt(event))}
          onMouseLeave={() => setHover(null)}
        />
        {hover && (
          <Paper
            shadow="md"
            withBorder
            p="xs"
            radius="sm"
            style={{
              position: 'absolute',
              left: Math.min(hover.x + 12, SIDE - 240),
              top: hover.y + 12,
              width: 240,
              pointerEvents: 'none',
              zIndex: 2,
            }}
          >
            <Text size="xs" fw={700}>
              {similarity[hover.i * size + hover.j]!.toFixed(3)} cosine
            </Text>
            <Text size="xs" lineClamp={2}>
              #{hover.i + 1} {texts[hover.i]}
            </Text>
            <Text size="xs" lineClamp={2} c="dimmed">
              #{hover.j + 1} {texts[hover.j]}
            </Text>
          </Paper>
        )}
      </div>
      <Group gap="xs" wrap="nowrap" maw={SIDE}>
        <Text size="xs" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {low.toFixed(2)}
        </Text>
        <div aria-hidden style={{ flex: 1, height: 10, borderRadius: 5, background: SCALE_GRADIENT }} />
        <Text size="xs">1.00</Text>
      </Group>
      {total > size && (
        <Text size="xs" c="dimmed">
          The first {size.toLocaleString('en')} of {total.toLocaleString('en')} inputs; search and the projection use
          all of them.
        </Text>
      )}
    </Stack>
  )
}
