import { Anchor } from '../../../components/mantine/Anchor'
import { Button } from '../../../components/mantine/Button'
import { Group } from '../../../components/mantine/Group'
import { Paper } from '../../../components/mantine/Paper'
import { ScrollArea } from '../../../components/mantine/ScrollArea'
import { Stack } from '../../../components/mantine/Stack'
import { Table } from '../../../components/mantine/Table'
import { Text } from '../../../components/mantine/Text'
import { Title } from '../../../components/mantine/Title'
import { VisuallyHidden } from '../../../components/mantine/VisuallyHidden'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { PricedModel } from '../catalog-state'
import { formatContext, formatModelSize, formatModelType, formatParameters } from '../model-format'
import { isEmbeddingModel } from '../model-entry'
import { formatPrice, formatUsd } from '../../../lib/pricing'
import { PriceBars } from './PriceBars'

interface CompareModelsProps {
  entries: PricedModel[]
  detailsHref: (id: string) => string
  onRemove: (id: string) => void
  onClear: () => void
}

/** 2–4 models side by side: their facts in columns and their prices on one chart. */
export function CompareModels({ entries, detailsHref, onRemove, onClear }: CompareModelsProps) {
  const rows: { label: string; value: (entry: PricedModel) => ReactNode }[] = [
    { label: 'Developer', value: ({ model }) => model.developer ?? '—' },
    { label: 'Type', value: ({ model }) => formatModelType(model.model_type) },
    { label: 'Parameters', value: ({ model }) => formatParameters(model.parameters).replace(' parameters', '') },
    {
      label: 'Weights',
      value: ({ model }) => `${formatModelSize(model.size)}${model.data_type ? ` (${model.data_type})` : ''}`,
    },
    { label: 'Context', value: ({ model }) => formatContext(model.context_length) },
    { label: 'Input / 1M tokens', value: ({ input }) => (input ? formatPrice(input) : '—') },
    {
      label: 'Output / 1M tokens',
      value: ({ model, output }) => (isEmbeddingModel(model) ? '—' : output ? formatPrice(output) : '—'),
    },
    { label: 'Your plan / month', value: ({ monthly }) => (monthly ? formatUsd(monthly) : '—') },
  ]
  const cheapest = entries.reduce<PricedModel | undefined>(
    (best, entry) => (entry.monthly && (!best?.monthly || entry.monthly.lt(best.monthly)) ? entry : best),
    undefined,
  )
  return (
    <Paper withBorder radius="md" p="lg" mb="md" component="section" aria-labelledby="compare-title">
      <Group justify="space-between" mb="sm">
        <Stack gap={0}>
          <Title order={2} size="h4" id="compare-title">
            Comparing {entries.length} models
          </Title>
          {cheapest && (
            <Text size="sm" c="dimmed">
              Cheapest for your plan: <b>{cheapest.model.name}</b> at {formatUsd(cheapest.monthly!)} a month.
            </Text>
          )}
        </Stack>
        <Button variant="subtle" size="xs" onClick={onClear}>
          Clear comparison
        </Button>
      </Group>
      <ScrollArea type="auto">
        <Table layout="fixed" miw={560} verticalSpacing={6} aria-label="Model comparison">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={160}>
                <VisuallyHidden>Fact</VisuallyHidden>
              </Table.Th>
              {entries.map(({ model }) => (
                <Table.Th key={model.id}>
                  <Group gap={4} wrap="nowrap" justify="space-between">
                    <Anchor component={Link} to={detailsHref(model.id)} size="sm" fw={650} truncate="end">
                      {model.name}
                    </Anchor>
                    <Button
                      variant="subtle"
                      color="gray"
                      size="compact-xs"
                      onClick={() => onRemove(model.id)}
                      aria-label={`Remove ${model.name} from comparison`}
                    >
                      ✕
                    </Button>
                  </Group>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.label}>
                <Table.Th scope="row">
                  <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                    {row.label}
                  </Text>
                </Table.Th>
                {entries.map((entry) => (
                  <Table.Td key={entry.model.id} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    <Text size="sm">{row.value(entry)}</Text>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Stack mt="md" gap="xs">
        <Text size="sm" fw={600}>
          Price per million tokens
        </Text>
        <PriceBars
          rows={entries.map(({ model, input, output }) => ({
            name: model.name,
            input,
            output: isEmbeddingModel(model) ? undefined : output,
          }))}
        />
      </Stack>
    </Paper>
  )
}
