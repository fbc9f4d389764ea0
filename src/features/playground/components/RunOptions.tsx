import { Box } from '@mantine/core'
import { Autocomplete } from '../../../components/mantine/Autocomplete'
import { Paper } from '../../../components/mantine/Paper'
import { SegmentedControl } from '../../../components/mantine/SegmentedControl'
import { SimpleGrid } from '../../../components/mantine/SimpleGrid'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { TextInput } from '../../../components/mantine/TextInput'
import { memo } from 'react'
import type { ModelEndpoint } from '../../../api/schemas/aiproxy'
import type { EmbeddingsSource } from '../../../api/session'
import { ServedByNote } from '../../../components/ServedByNote'
import { NumberText } from '../../../components/form/NumberText'
import { dimensionsProblem, type Draft } from '../inputs'
import { formatNumber } from '../../../lib/format'
import { WORD_OVERLAP } from '../word-overlap'

interface RunOptionsProps {
  models: ModelEndpoint[]
  /** The model a run uses, or what the user typed once they edited the field. */
  modelShown: string
  defaultModel: string
  entry: ModelEndpoint | undefined
  nativeDimensions: number | undefined
  /** What serves the chosen model on the embedded local cloud; null against the platform. */
  servedBy: EmbeddingsSource | null
  /** What serves each embedding model there; null against the platform. */
  /** The catalog has not answered yet: no model is known, so none is the default. */
  catalogWaiting: boolean
  draft: Draft
  modelError: string | false | undefined
  compareError: string | false | undefined
  dimensionsError: string | false | undefined
  onModel: (model: string) => void
  update: (patch: Partial<Draft>) => void
}

const nativeDimensionsOf = (model: ModelEndpoint) =>
  typeof model.embedding_dimensions === 'number' ? model.embedding_dimensions : undefined

/**
 * The run's model, encoding, dimensions and user. Memoised, and disabled during a run by a fieldset around it rather
 * than by a prop: a run's start and end then do not render these (costly) fields again, which made those frames long.
 */
export const RunOptions = memo(function RunOptions({
  models,
  modelShown,
  defaultModel,
  entry,
  nativeDimensions,
  servedBy,
  catalogWaiting,
  draft,
  modelError,
  compareError,
  dimensionsError,
  onModel,
  update,
}: RunOptionsProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Options">
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
        <Autocomplete
          label="Model"
          placeholder={defaultModel || 'Type a model id'}
          data={models.map((model) => ({ value: model.id, label: model.id }))}
          value={modelShown}
          onChange={onModel}
          error={modelError}
          description={
            entry
              ? `${entry.name}${typeof entry.embedding_dimensions === 'number' ? ` · ${formatNumber(entry.embedding_dimensions)} dims` : ''} · ${entry.context_length === undefined ? '?' : formatNumber(entry.context_length)} tokens`
              : catalogWaiting
                ? 'The model catalog has not answered yet: type a model id, or wait for its list.'
                : draft.model
                  ? 'Not in the catalog; it is sent as typed.'
                  : 'Empty uses the first embedding model.'
          }
          style={{ gridColumn: '1 / -1' }}
        />
        <Autocomplete
          label="Compare with"
          placeholder="No second model"
          data={[
            { group: 'Baseline', items: [WORD_OVERLAP] },
            {
              group: 'Models',
              items: models.filter((model) => model.id !== modelShown).map((model) => model.id),
            },
          ]}
          value={draft.compareModel}
          onChange={(compareModel) => update({ compareModel })}
          error={compareError}
          description={`Optional: a second model, or ${WORD_OVERLAP} as a baseline.`}
          clearable
          style={{ gridColumn: '1 / -1' }}
        />
        <Stack gap={4}>
          <Text size="sm" fw="var(--mantine-font-weight-medium)" id="encoding-label">
            Encoding
          </Text>
          <SegmentedControl
            aria-labelledby="encoding-label"
            value={draft.encodingFormat}
            onChange={(value) => update({ encodingFormat: value === 'base64' ? 'base64' : 'float' })}
            data={[
              { value: 'float', label: 'float' },
              { value: 'base64', label: 'base64' },
            ]}
            fullWidth
          />
        </Stack>
        <NumberText
          label="Dimensions"
          placeholder={
            draft.compareModel ? 'All of each model' : nativeDimensions ? `${nativeDimensions} (all)` : 'All'
          }
          value={draft.dimensions ?? undefined}
          refuse={(value) => dimensionsProblem(value, nativeDimensions)}
          // Refused numbers are kept too: the run check then holds the run back, with the same reason.
          onChange={(value) => update({ dimensions: value ?? null })}
          error={dimensionsError}
        />
        <TextInput
          label="User"
          description="Optional end-user id, for abuse monitoring."
          value={draft.user}
          onChange={(event) => update({ user: event.currentTarget.value })}
          style={{ gridColumn: '1 / -1' }}
        />
      </SimpleGrid>
      {servedBy && entry && (
        <Box mt="sm">
          <ServedByNote
            source={servedBy}
            model={{ name: entry.name, description: entry.description, dimensions: nativeDimensionsOf(entry) }}
          />
        </Box>
      )}
    </Paper>
  )
})
