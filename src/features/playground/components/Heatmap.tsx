import { Group } from '../../../components/mantine/Group'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { CanvasTooltip } from './CanvasTooltip'
import { useElementSize } from '@mantine/hooks'
import { useEffect, useRef, useState } from 'react'
import type { HeatmapImage } from '../heatmap-image'
import { SCALE_GRADIENT } from './color-scale'
import { formatNumber, formatFixed } from '../../../lib/format'
import { CutText } from '../../../components/FullText'

interface HeatmapProps {
  similarity: Float32Array
  size: number
  /** The cells as pixels on the colour scale (from the worker) and the scale's bottom. */
  image: HeatmapImage
  texts: readonly string[]
  total: number
  /** Without row and column labels, for two heatmaps side by side (hovering still names the inputs). */
  compact?: boolean
}

const SIDE = 440
/** The canvas's side in device pixels on this screen. */
export const heatmapSide = () => Math.round(SIDE * (window.devicePixelRatio || 1))
const MAX_LABELLED = 24
/**
 * The row labels' column: a third of the width where there is room, up to about 40 characters of an input (at 110 px
 * it cut each at about 18); never under 110 px, so a phone keeps most of its width for the cells.
 */
const ROW_LABEL_WIDTH = 'clamp(110px, 36%, 270px)'
/** A row's least height for its label to sit beside it, one line of small text. */
const ROW_LABEL_HEIGHT = 16

/**
 * Whether the rows' labels fit beside the cells in a box this wide: each row at least a line of text tall. Unmeasured
 * (0), they are drawn. On a phone 24 rows of 8 px each had their labels run far below the heatmap, out of line.
 */
function labelsFit(width: number, size: number): boolean {
  if (width === 0) return true
  const labels = Math.min(270, Math.max(110, 0.36 * width))
  return Math.min(SIDE, width - labels - 4) / size >= ROW_LABEL_HEIGHT
}

/**
 * The cosine similarity of every pair of inputs on a canvas, its rows and columns labelled while they are few enough
 * to read; hovering a cell names both texts and the score.
 */
export function Heatmap({ similarity, size, image, texts, total, compact = false }: HeatmapProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const [hover, setHover] = useState<{ i: number; j: number; x: number; y: number } | null>(null)
  const { low } = image

  useEffect(() => {
    const canvas = canvasRef.current
    const context = canvas?.getContext('2d')
    if (!canvas || !context || size === 0) return
    const ratio = window.devicePixelRatio || 1
    canvas.width = SIDE * ratio
    canvas.height = SIDE * ratio
    context.scale(ratio, ratio)
    if (image.bitmap) {
      context.drawImage(image.bitmap, 0, 0, SIDE, SIDE)
    } else {
      // One pixel per cell, then one scaled copy: crisp cells when they are larger than a pixel, averaged when smaller.
      const cells = document.createElement('canvas')
      cells.width = size
      cells.height = size
      cells.getContext('2d')?.putImageData(new ImageData(image.pixels, size, size), 0, 0)
      context.imageSmoothingEnabled = size > SIDE * ratio
      context.drawImage(cells, 0, 0, SIDE, SIDE)
    }
    // Few inputs: write each score in its cell, dark on the light end of the scale and white on the dark end.
    if (size <= 12) {
      const cell = SIDE / size
      context.font = `600 ${Math.max(11, Math.min(16, cell / 4))}px system-ui, sans-serif`
      context.textAlign = 'center'
      context.textBaseline = 'middle'
      for (let i = 0; i < size; i++) {
        for (let j = 0; j < size; j++) {
          const value = similarity[i * size + j]!
          context.fillStyle = (value - low) / (1 - low) > 0.6 ? '#1a1b1e' : '#ffffff'
          context.fillText(formatFixed(value, 2), (j + 0.5) * cell, (i + 0.5) * cell)
        }
      }
    }
  }, [similarity, size, image, low])

  const cellAt = (event: React.MouseEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect()
    const j = Math.floor(((event.clientX - rect.left) / rect.width) * size)
    const i = Math.floor(((event.clientY - rect.top) / rect.height) * size)
    return i >= 0 && j >= 0 && i < size && j < size
      ? { i, j, x: event.clientX - rect.left, y: event.clientY - rect.top }
      : null
  }

  // Few enough inputs to name each row and column: the row by its number and text, the column by its number.
  const { ref: boxRef, width } = useElementSize()
  const labelled = !compact && size > 0 && size <= MAX_LABELLED && labelsFit(width, size)
  const heatmap = (
    <div style={{ position: 'relative', width: '100%', maxWidth: SIDE }}>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={`Cosine similarity heatmap of ${formatNumber(size)} inputs, from ${formatFixed(low, 2)} to ${formatFixed(1, 2)}`}
        style={{ width: '100%', aspectRatio: '1 / 1', display: 'block', borderRadius: 6, cursor: 'crosshair' }}
        onMouseMove={(event) => setHover(cellAt(event))}
        onMouseLeave={() => setHover(null)}
      />
      {hover && (
        <CanvasTooltip x={hover.x} y={hover.y} width={240} maxLeft={SIDE - 240}>
          <Text size="xs" fw={700}>
            {formatFixed(similarity[hover.i * size + hover.j]!, 3)} cosine
          </Text>
          <Text size="xs" lineClamp={2}>
            #{hover.i + 1} {texts[hover.i]}
          </Text>
          <Text size="xs" lineClamp={2} c="dimmed">
            #{hover.j + 1} {texts[hover.j]}
          </Text>
        </CanvasTooltip>
      )}
    </div>
  )

  return (
    <Stack gap="xs" ref={boxRef}>
      {labelled ? (
        <div style={{ display: 'grid', gridTemplateColumns: `${ROW_LABEL_WIDTH} minmax(0, ${SIDE}px)`, gap: 4 }}>
          <span />
          <div style={{ display: 'flex' }} aria-label="Columns" role="list">
            {texts.slice(0, size).map((text, j) => (
              <Text key={j} role="listitem" size="xs" c="dimmed" ta="center" style={{ flex: 1 }} title={text}>
                #{j + 1}
              </Text>
            ))}
          </div>
          <div style={{ display: 'flex', flexDirection: 'column' }} aria-label="Rows" role="list">
            {texts.slice(0, size).map((text, i) => (
              <CutText
                key={i}
                text={`#${i + 1} ${text}`}
                role="listitem"
                size="xs"
                style={{ flex: 1, alignContent: 'center', minHeight: 0 }}
              >
                #{i + 1} {text}
              </CutText>
            ))}
          </div>
          {heatmap}
        </div>
      ) : (
        heatmap
      )}
      <Group gap="xs" wrap="nowrap" maw={SIDE}>
        <Text size="xs" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatFixed(low, 2)}
        </Text>
        <div aria-hidden style={{ flex: 1, height: 10, borderRadius: 5, background: SCALE_GRADIENT }} />
        <Text size="xs">{formatFixed(1, 2)}</Text>
      </Group>
      {total > size && (
        <Text size="xs" c="dimmed">
          The first {formatNumber(size)} of {formatNumber(total)} inputs; search and the projection use all of them.
        </Text>
      )}
    </Stack>
  )
}
