import { Group } from '../../../components/mantine/Group'
import { Text } from '../../../components/mantine/Text'
import type Big from 'big.js'
import { formatPrice } from '../../../lib/pricing'

export interface PriceBarsRow {
  name: string
  input: Big | undefined
  output: Big | undefined
}

const INPUT_COLOR = 'var(--mantine-color-blue-filled)'
const OUTPUT_COLOR = 'var(--mantine-color-teal-filled)'
const ROW = 52
const LABEL = 190
const WIDTH = 720
const BAR = 16

/**
 * Input and output price per million tokens of each model as horizontal bars on one scale. A plain SVG (no chart
 * library): the figure is described by its caption and the table beside it, the bars themselves are decoration.
 */
export function PriceBars({ rows }: { rows: PriceBarsRow[] }) {
  const max = Math.max(...rows.flatMap((row) => [row.input?.toNumber() ?? 0, row.output?.toNumber() ?? 0]), 0)
  const scale = (price: Big | undefined) => (max > 0 && price ? (price.toNumber() / max) * (WIDTH - LABEL - 80) : 0)
  const height = rows.length * ROW + 8
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        role="img"
        aria-label={`Prices per million tokens: ${rows.map((r) => `${r.name} input ${r.input ? formatPrice(r.input) : 'not listed'}, output ${r.output ? formatPrice(r.output) : 'not listed'}`).join('; ')}`}
      >
        {rows.map((row, i) => {
          const y = i * ROW + 4
          return (
            <g key={row.name}>
              <text x={LABEL - 12} y={y + BAR + 4} textAnchor="end" fontSize="13" fill="var(--mantine-color-text)">
                {row.name.length > 26 ? `${row.name.slice(0, 25)}…` : row.name}
              </text>
              <rect x={LABEL} y={y} width={Math.max(scale(row.input), 2)} height={BAR} rx={3} fill={INPUT_COLOR} />
              <text x={LABEL + scale(row.input) + 8} y={y + BAR - 3} fontSize="12" fill="var(--mantine-color-text)">
                {row.input ? formatPrice(row.input) : 'n/a'}
              </text>
              <rect
                x={LABEL}
                y={y + BAR + 4}
                width={Math.max(scale(row.output), 2)}
                height={BAR}
                rx={3}
                fill={OUTPUT_COLOR}
              />
              <text
                x={LABEL + scale(row.output) + 8}
                y={y + 2 * BAR + 1}
                fontSize="12"
                fill="var(--mantine-color-text)"
              >
                {row.output ? formatPrice(row.output) : 'n/a'}
              </text>
            </g>
          )
        })}
      </svg>
      <Group component="figcaption" gap="md" justify="center" mt={4}>
        <Legend color={INPUT_COLOR} label="Input / 1M tokens" />
        <Legend color={OUTPUT_COLOR} label="Output / 1M tokens" />
      </Group>
    </figure>
  )
}

function Legend({ color, label }: { color: string; label: string }) {
  return (
    <Group gap={6}>
      <span
        aria-hidden
        style={{ width: 12, height: 12, borderRadius: 3, background: color, display: 'inline-block' }}
      />
      <Text size="xs">{label}</Text>
    </Group>
  )
}
