import { Box } from '@mantine/core'
import { Anchor } from '../../../components/mantine/Anchor'
import { Badge } from '../../../components/mantine/Badge'
import { Card } from '../../../components/mantine/Card'
import { Checkbox } from '../../../components/mantine/Checkbox'
import { Divider } from '../../../components/mantine/Divider'
import { Group } from '../../../components/mantine/Group'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { Link } from 'react-router'
import type { PricedModel } from '../catalog-state'
import { formatContext, formatModelType, formatParameters } from '../model-format'
import { isEmbeddingModel } from '../model-entry'
import type { EmbeddingsSource } from '../../../api/session'
import { claimsMultilingual } from '../../../lib/embeddings-source'
import { formatUsd } from '../../../lib/pricing'
import { PriceTag } from './PriceTag'
import { StandInMarker } from '../../../components/ServedByNote'

interface ModelCardProps {
  entry: PricedModel
  /** Where the model's name links: the same view with its drawer open. */
  detailsHref: string
  compared: boolean
  compareDisabled: boolean
  onCompareChange: () => void
  /** What serves this model on the embedded local cloud; null against the platform. */
  servedBy: EmbeddingsSource | null
}

export function ModelCard({
  entry,
  detailsHref,
  compared,
  compareDisabled,
  onCompareChange,
  servedBy,
}: ModelCardProps) {
  const { model, input, output, monthly, noPlan } = entry
  const embedding = isEmbeddingModel(model)
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={model.name} h="100%">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} miw={0}>
            <Anchor component={Link} to={detailsHref} fw={650} size="lg" lh={1.25} c="var(--mantine-color-text)">
              {model.name}
            </Anchor>
            <Text size="sm" c="dimmed">
              {model.developer ?? 'Unknown developer'}
            </Text>
          </Stack>
          <Badge color={embedding ? 'grape' : 'gray'} style={{ flexShrink: 0 }}>
            {formatModelType(model.model_type)}
          </Badge>
        </Group>
        {/* The box grows, not the clamped text: a text taller than its two lines showed a third under the "…". */}
        <Box style={{ flexGrow: 1 }}>
          <Text size="sm" lineClamp={2} c="dimmed">
            {model.description}
          </Text>
        </Box>
        {embedding && servedBy && (
          <Text size="xs" c="dimmed">
            <StandInMarker />
            {` · served here by ${servedBy.name}`}
            {claimsMultilingual(model) ? '; not multilingual here' : ''}
          </Text>
        )}
        <Group gap="xs">
          <Badge variant="default" radius="sm">
            {formatParameters(model.parameters)}
          </Badge>
          <Badge variant="default" radius="sm">
            {formatContext(model.context_length)}
          </Badge>
          {model.data_type && (
            <Badge variant="default" radius="sm" visibleFrom="sm">
              {model.data_type}
            </Badge>
          )}
        </Group>
        <Divider />
        <Group grow align="flex-start">
          <PriceTag label="Input" price={input} />
          {embedding ? (
            <Stack gap={0}>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                Output
              </Text>
              <Text size="sm" c="dimmed" mt={4}>
                Vectors, no output tokens
              </Text>
            </Stack>
          ) : (
            <PriceTag label="Output" price={output} />
          )}
        </Group>
        <Group justify="space-between" align="center" wrap="nowrap">
          <Text size="sm">
            {monthly ? (
              <>
                <Text span fw={650} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatUsd(monthly)}
                </Text>{' '}
                <Text span c="dimmed" size="sm">
                  / month for your plan
                </Text>
              </>
            ) : (
              <Text span c="dimmed" size="sm">
                {noPlan ? 'No estimate until the calculator’s values are fixed' : 'No estimate without prices'}
              </Text>
            )}
          </Text>
          <Checkbox
            label="Compare"
            aria-label={`Compare ${model.name}`}
            checked={compared}
            disabled={compareDisabled && !compared}
            onChange={onCompareChange}
            size="sm"
          />
        </Group>
      </Stack>
    </Card>
  )
}
