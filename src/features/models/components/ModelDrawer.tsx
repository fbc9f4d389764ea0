import { Anchor } from '../../../components/mantine/Anchor'
import { Badge } from '../../../components/mantine/Badge'
import { Button } from '../../../components/mantine/Button'
import { Code } from '../../../components/mantine/Code'
import { Divider } from '../../../components/mantine/Divider'
import { Drawer } from '../../../components/mantine/Drawer'
import { Group } from '../../../components/mantine/Group'
import { List } from '../../../components/mantine/List'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { Title } from '../../../components/mantine/Title'
import { Link } from 'react-router'
import type { EmbeddingsSource } from '../../../api/session'
import { DetailList } from '../../../components/DetailList'
import { ServedByNote } from '../../../components/ServedByNote'
import { paths } from '../../../lib/paths'
import type { PricedModel } from '../catalog-state'
import { modelCodeSamples } from '../code-samples'
import { formatContext, formatModelSize, formatModelType, formatParameters } from '../model-format'
import { embeddingDimensions, isEmbeddingModel } from '../model-entry'
import { formatPricePerMillion, formatUsd, requestCost, type UsagePlan } from '../../../lib/pricing'
import { CodeSamples } from './CodeSamples'
import { formatNumber } from '../../../lib/format'

interface ModelDrawerProps {
  /** The open model; undefined closes the drawer (or says the id in the URL is unknown). */
  entry: PricedModel | undefined
  missingId: string | null
  plan: UsagePlan
  inferenceUrl: string | undefined
  /** What serves the embedding models on the embedded local cloud; null against the platform. */
  servedBy: EmbeddingsSource | null
  onClose: () => void
}

const PRICE_TYPES: Record<string, string> = { PER_TOKEN: 'Per token' }

export function ModelDrawer({ entry, missingId, plan, inferenceUrl, servedBy, onClose }: ModelDrawerProps) {
  const opened = Boolean(entry) || missingId !== null
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={entry ? entry.model.name : 'Model not found'}
      padding="lg"
      closeButtonProps={{ 'aria-label': 'Close details' }}
      styles={{ title: { fontSize: 'var(--mantine-h3-font-size)', fontWeight: 650 } }}
    >
      {entry && <DrawerSubtitle entry={entry} />}
      {entry ? (
        <ModelDetails entry={entry} plan={plan} inferenceUrl={inferenceUrl} servedBy={servedBy} />
      ) : (
        <Text size="sm">
          No model with the id <Code>{missingId}</Code> is in this organization's catalog. Pick one from the catalog.
        </Text>
      )}
    </Drawer>
  )
}

function DrawerSubtitle({ entry }: { entry: PricedModel }) {
  return (
    <Group gap="xs" mb="md" mt={-8}>
      <Text size="sm" c="dimmed">
        {entry.model.developer}
      </Text>
      <Badge color={isEmbeddingModel(entry.model) ? 'grape' : 'gray'}>{formatModelType(entry.model.model_type)}</Badge>
    </Group>
  )
}

function ModelDetails({
  entry,
  plan,
  inferenceUrl,
  servedBy,
}: {
  entry: PricedModel
  plan: UsagePlan
  inferenceUrl: string | undefined
  servedBy: EmbeddingsSource | null
}) {
  const { model, input, output } = entry
  const embedding = isEmbeddingModel(model)
  const dimensions = embeddingDimensions(model)
  const perRequest = requestCost({ input, output }, embedding ? { ...plan, outputTokens: 0 } : plan)
  return (
    <Stack gap="lg">
      {model.description && <Text size="sm">{model.description}</Text>}
      {embedding && servedBy && (
        <ServedByNote source={servedBy} model={{ name: model.name, description: model.description, dimensions }} />
      )}
      {embedding && (
        <Button component={Link} to={paths.playground({ model: model.id })} variant="light" w="fit-content">
          Try in playground
        </Button>
      )}
      <DetailList
        cols={2}
        items={[
          { label: 'Model id', value: <Code>{model.id}</Code> },
          { label: 'Parameters', value: formatParameters(model.parameters) },
          { label: 'Weights', value: `${formatModelSize(model.size)}${model.data_type ? `, ${model.data_type}` : ''}` },
          { label: 'Context length', value: formatContext(model.context_length) },
          ...(dimensions ? [{ label: 'Vector size', value: `${dimensions} dimensions` }] : []),
          { label: 'Input price', value: formatPricePerMillion(model.input_price_per_million) },
          ...(embedding
            ? []
            : [{ label: 'Output price', value: formatPricePerMillion(model.output_price_per_million) }]),
          { label: 'Price type', value: model.price_type ? (PRICE_TYPES[model.price_type] ?? model.price_type) : '—' },
          {
            label: 'Per request of your plan',
            value: perRequest
              ? `${formatUsd(perRequest)} (${formatNumber(plan.inputTokens)} in${embedding ? '' : `, ${formatNumber(plan.outputTokens)} out`})`
              : '—',
          },
          {
            label: 'Hugging Face',
            value: model.hf_id ? (
              <Anchor href={`https://huggingface.co/${model.hf_id}`} target="_blank" rel="noreferrer">
                {model.hf_id}
              </Anchor>
            ) : (
              '—'
            ),
          },
        ]}
      />
      <Divider />
      <Stack gap="xs">
        <Title order={3} size="h5">
          Licenses
        </Title>
        {model.licenses?.length ? (
          <List size="sm" spacing={4}>
            {model.licenses.map((license) => (
              <List.Item key={license.name}>
                {license.url ? (
                  <Anchor href={license.url} target="_blank" rel="noreferrer">
                    {license.name}
                  </Anchor>
                ) : (
                  license.name
                )}
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            No license listed.
          </Text>
        )}
        {model.attributions?.length ? (
          <>
            <Title order={3} size="h5" mt="xs">
              Attributions
            </Title>
            {model.attributions.map((text) => (
              <Text key={text} size="sm" c="dimmed">
                {text}
              </Text>
            ))}
          </>
        ) : null}
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Unsupported OpenAI parameters
        </Title>
        {model.unsupported_openai_params?.length ? (
          <Group gap={6}>
            {model.unsupported_openai_params.map((param) => (
              <Code key={param}>{param}</Code>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            None: every OpenAI parameter of the endpoint is honoured.
          </Text>
        )}
      </Stack>
      <Divider />
      <Stack gap="xs">
        <Title order={3} size="h5">
          Call it
        </Title>
        {inferenceUrl ? (
          <CodeSamples
            samples={modelCodeSamples(model, inferenceUrl, embedding ? servedBy : null)}
            label={`Code samples for ${model.name}`}
          />
        ) : (
          <Text size="sm" c="dimmed">
            Loading the service address…
          </Text>
        )}
      </Stack>
    </Stack>
  )
}
