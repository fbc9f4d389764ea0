import { Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import type { ModelEndpoint } from '../../../api/schemas/aiproxy'
import { paths } from '../../../lib/paths'
import { formatPrice, parsePrice } from '../../../lib/pricing'
import { cheapestModels } from '../overview-data'
import { overviewQueries } from '../overview-queries'
import { Panel } from './Panel'

const price = (value: string | undefined) => {
  const parsed = parsePrice(value)
  return parsed ? formatPrice(parsed) : '—'
}

function ModelList({
  title,
  models,
  describe,
}: {
  title: string
  models: ModelEndpoint[]
  describe: (model: ModelEndpoint) => string
}) {
  return (
    <div>
      <Text size="sm" fw={600} mb={6} id={`cheapest-${title}`}>
        {title}
      </Text>
      {models.length === 0 ? (
        <Text size="sm" c="dimmed">
          None with a listed price.
        </Text>
      ) : (
        <Stack component="ol" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={`cheapest-${title}`}>
          {models.map((model) => (
            <Group component="li" key={model.id} justify="space-between" wrap="nowrap" gap="xs">
              <Anchor component={Link} to={paths.models({ model: model.id })} size="sm" truncate="end">
                {model.name}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
                {describe(model)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </div>
  )
}

/** The five cheapest models for embeddings (by input price) and for text (input plus output), per 1M tokens. */
export function CheapestModels({ organizationID, enabled }: { organizationID: string; enabled: boolean }) {
  const query = useQuery({ ...overviewQueries.models(organizationID), enabled })
  return (
    <Panel
      title="Cheapest models"
      aside={
        <Text size="xs" c="dimmed">
          USD per 1M tokens
        </Text>
      }
      queries={[query]}
      notOffered="This platform does not list models."
      lines={5}
    >
      {() => {
        const { embeddings, text } = cheapestModels(query.data ?? [])
        return (
          <SimpleGrid cols={1} spacing="md">
            <ModelList title="Embeddings" models={embeddings} describe={(m) => price(m.input_price_per_million)} />
            <ModelList
              title="Text"
              models={text}
              describe={(m) => `${price(m.input_price_per_million)} in · ${price(m.output_price_per_million)} out`}
            />
          </SimpleGrid>
        )
      }}
    </Panel>
  )
}
