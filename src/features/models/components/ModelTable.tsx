import { Anchor } from '../../../components/mantine/Anchor'
import { Badge } from '../../../components/mantine/Badge'
import { Checkbox } from '../../../components/mantine/Checkbox'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { useMediaQuery } from '@mantine/hooks'
import { Link } from 'react-router'
import { VirtualTable, type Column } from '../../../components/VirtualTable'
import type { SortState } from '../../../lib/sort'
import type { PricedModel } from '../catalog-state'
import { formatContext, formatModelType, formatParameters } from '../model-format'
import { isEmbeddingModel } from '../model-entry'
import { formatPrice, formatUsd } from '../../../lib/pricing'

interface ModelTableProps {
  rows: PricedModel[]
  sort: SortState
  onSortChange: (sort: SortState) => void
  detailsHref: (id: string) => string
  compare: string[]
  compareFull: boolean
  onCompareToggle: (id: string) => void
}

const numeric = { fontVariantNumeric: 'tabular-nums' } as const

export function ModelTable({
  rows,
  sort,
  onSortChange,
  detailsHref,
  compare,
  compareFull,
  onCompareToggle,
}: ModelTableProps) {
  // From 1200 px the price headings have the room to read on one line; below, they wrap between words, and the
  // name keeps the room to read whole.
  const wide = useMediaQuery('(min-width: 75em)')
  const columns: Column<PricedModel>[] = [
    {
      key: 'compare',
      header: 'Compare',
      headerHidden: true,
      width: 44,
      cell: ({ model }) => (
        <Checkbox
          aria-label={`Compare ${model.name}`}
          checked={compare.includes(model.id)}
          disabled={compareFull && !compare.includes(model.id)}
          onChange={() => onCompareToggle(model.id)}
        />
      ),
    },
    // The name takes what the other columns leave; they take pixels that fit their headings' longest word and values.
    {
      key: 'name',
      header: 'Model',
      sortable: true,
      cell: ({ model }) => (
        <Stack gap={0} miw={0}>
          <Anchor component={Link} to={detailsHref(model.id)} fw={600} size="sm" truncate="end">
            {model.name}
          </Anchor>
          <Text size="xs" c="dimmed" truncate="end">
            {model.developer}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'type',
      header: 'Type',
      width: 150,
      visibleFrom: 'lg',
      cell: ({ model }) => (
        <Badge color={isEmbeddingModel(model) ? 'grape' : 'gray'}>{formatModelType(model.model_type)}</Badge>
      ),
    },
    {
      key: 'parameters',
      header: 'Parameters',
      sortable: true,
      width: 128,
      // Below 1200 px the context has no column of its own: it reads under the parameters instead.
      cell: ({ model }) => (
        <>
          <Text size="sm" style={numeric}>
            {formatParameters(model.parameters).replace(' parameters', '')}
          </Text>
          <Text size="xs" c="dimmed" style={numeric} hiddenFrom="lg">
            {formatContext(model.context_length, ' context')}
          </Text>
        </>
      ),
    },
    {
      key: 'context',
      header: 'Context',
      sortable: true,
      width: 96,
      visibleFrom: 'lg',
      cell: ({ model }) => (
        <Text size="sm" style={numeric}>
          {formatContext(model.context_length, '')}
        </Text>
      ),
    },
    {
      key: 'input',
      header: 'Input / 1M',
      sortable: true,
      width: wide ? 120 : 96,
      cell: ({ input }) => (
        <Text size="sm" fw={600} style={numeric}>
          {input ? formatPrice(input) : '—'}
        </Text>
      ),
    },
    {
      key: 'output',
      header: 'Output / 1M',
      sortable: true,
      width: wide ? 128 : 100,
      cell: ({ model, output }) => (
        <Text size="sm" fw={600} style={numeric}>
          {isEmbeddingModel(model) ? '—' : output ? formatPrice(output) : '—'}
        </Text>
      ),
    },
    {
      key: 'cost',
      header: 'Your plan / month',
      sortable: true,
      width: wide ? 184 : 104,
      cell: ({ monthly }) => (
        <Text size="sm" style={numeric}>
          {monthly ? formatUsd(monthly) : '—'}
        </Text>
      ),
    },
  ]
  return (
    <VirtualTable
      label="Models"
      rows={rows}
      columns={columns}
      rowKey={({ model }) => model.id}
      sort={sort}
      onSortChange={onSortChange}
      rowHeight={56}
    />
  )
}
