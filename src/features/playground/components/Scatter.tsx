import { Badge } from '../../../components/mantine/Badge'
import { Group } from '../../../components/mantine/Group'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { CanvasTooltip } from './CanvasTooltip'
import { useEffect, useRef, useState } from 'react'
import { LABEL_COLORS } from './color-scale'
import { formatNumber } from '../../../lib/format'

interface ScatterProps {
  coords: Float32Array
  texts: readonly string[]
  labels: readonly (string | undefined)[]
  title: string
}

const WIDTH = 560
const HEIGHT = 400
const PAD = 16

/** A 2-D projection on a canvas, coloured by label; hovering shows the nearest input's text. */
export function Scatter({ coords, texts, labels, title }: ScatterProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const [hover, setHover] = useState<{ index: number; x: number; y: number } | null>(null)
  const n = coords.length / 2
  const distinct = [...new Set(labels.filter((l): l is string => l !== undefined))]
  const colorOf = (i: number) => {
    const label = labels[i]
    return label === undefined ? LABEL_COLORS[0]! : LABEL_COLORS[distinct.indexOf(label) % LABEL_COLORS.length]!
  }

  let minX = Infinity
  let maxX = -Infinity
  let minY = Infinity
  let maxY = -Infinity
  for (let i = 0; i < n; i++) {
    minX = Math.min(minX, coords[2 * i]!)
    maxX = Math.max(maxX, coords[2 * i]!)
    minY = Math.min(minY, coords[2 * i + 1]!)
    maxY = Math.max(maxY, coords[2 * i + 1]!)
  }
  const spanX = maxX - minX || 1
  const spanY = maxY - minY || 1
  const toX = (v: number) => PAD + ((v - minX) / spanX) * (WIDTH - 2 * PAD)
  const toY = (v: number) => HEIGHT - PAD - ((v - minY) / spanY) * (HEIGHT - 2 * PAD)
  const radius = n > 2000 ? 2 : n > 200 ? 3 : 6

  useEffect(() => {
    const canvas = canvasRef.current
    const context = canvas?.getContext('2d')
    if (!canvas || !context) return
    const ratio = window.devicePixelRatio || 1
    canvas.width = WIDTH * ratio
    canvas.height = HEIGHT * ratio
    context.scale(ratio, ratio)
    context.clearRect(0, 0, WIDTH, HEIGHT)
    context.globalAlpha = n > 500 ? 0.6 : 0.9
    for (let i = 0; i < n; i++) {
      context.beginPath()
      context.fillStyle = colorOf(i)
      context.arc(toX(coords[2 * i]!), toY(coords[2 * i + 1]!), radius, 0, Math.PI * 2)
      context.fill()
    }
  })

  const nearest = (event: React.MouseEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect()
    const x = ((event.clientX - rect.left) / rect.width) * WIDTH
    const y = ((event.clientY - rect.top) / rect.height) * HEIGHT
    let best = -1
    let bestDistance = 14 * 14
    for (let i = 0; i < n; i++) {
      const d = (toX(coords[2 * i]!) - x) ** 2 + (toY(coords[2 * i + 1]!) - y) ** 2
      if (d < bestDistance) {
        best = i
        bestDistance = d
      }
    }
    return best === -1 ? null : { index: best, x: event.clientX - rect.left, y: event.clientY - rect.top }
  }

  return (
    <Stack gap="xs">
      <div style={{ position: 'relative', width: '100%', maxWidth: WIDTH }}>
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`${title}: ${formatNumber(n)} inputs${distinct.length ? ` in ${formatNumber(distinct.length)} labels` : ''}`}
          style={{
            width: '100%',
            aspectRatio: `${WIDTH} / ${HEIGHT}`,
            display: 'block',
            borderRadius: 6,
            border: '1px solid var(--mantine-color-default-border)',
            cursor: 'crosshair',
          }}
          onMouseMove={(event) => setHover(nearest(event))}
          onMouseLeave={() => setHover(null)}
        />
        {hover && (
          <CanvasTooltip x={hover.x} y={hover.y} width={250} maxLeft={WIDTH - 260}>
            <Text size="xs" fw={700}>
              #{hover.index + 1}
              {labels[hover.index] ? ` · ${labels[hover.index]}` : ''}
            </Text>
            <Text size="xs" lineClamp={3}>
              {texts[hover.index]}
            </Text>
          </CanvasTooltip>
        )}
      </div>
      {distinct.length > 0 && (
        <Group gap={6}>
          {distinct.slice(0, LABEL_COLORS.length).map((label, i) => (
            <Badge key={label} variant="dot" color={LABEL_COLORS[i]} radius="sm">
              {label}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  )
}
