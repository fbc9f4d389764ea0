import { ActionIcon } from '../../../components/mantine/ActionIcon'
import { formatFixed } from '../../../lib/format'
import { Button } from '../../../components/mantine/Button'
import { Group } from '../../../components/mantine/Group'
import { MultiSelect } from '../../../components/mantine/MultiSelect'
import { Paper } from '../../../components/mantine/Paper'
import { SegmentedControl } from '../../../components/mantine/SegmentedControl'
import { SimpleGrid } from '../../../components/mantine/SimpleGrid'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { TextInput } from '../../../components/mantine/TextInput'
import { memo, useState } from 'react'
import { describeFailure, type Failure } from '../failure'
import { FailureAlert } from './FailureAlert'
import { embedQueries } from '../query-embeddings'
import { atCeilingSentence, scorable, scoreRetrieval, type Judgement, type RetrievalScore } from '../retrieval'
import type { Run } from '../runs'
import type { VectorWorker } from '../vector-client'
import { Stat } from './Stat'

interface RetrievalLabProps {
  runs: readonly Run[]
  /** Each run's worker, which holds its vectors. */
  workerOf: (index: number) => VectorWorker | null
  judgements: readonly Judgement[]
  onJudgements: (judgements: Judgement[]) => void
}

type Evaluation =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'done'; k: number; scores: RetrievalScore[] }
  | { kind: 'failed'; failure: Failure }

const K_CHOICES = ['1', '3', '5', '10']

/**
 * The user's own retrieval test: queries, each with the inputs that should match it, scored per model as recall@k
 * and MRR, with every expected input a model left out of its first k.
 */
export const RetrievalLab = memo(function RetrievalLab({
  runs,
  workerOf,
  judgements,
  onJudgements,
}: RetrievalLabProps) {
  const [k, setK] = useState('3')
  const [evaluation, setEvaluation] = useState<Evaluation>({ kind: 'idle' })
  const run = runs[0]!
  const texts = run.inputs.map((input) => input.text)
  const options = texts.map((text, i) => ({ value: String(i), label: `#${i + 1} ${text}` }))
  const rows = judgements.length ? judgements : [{ query: '', expected: [] }]
  const ready = scorable(rows, run.count)

  const change = (at: number, patch: Partial<Judgement>) =>
    onJudgements(rows.map((row, i) => (i === at ? { ...row, ...patch } : row)))

  async function evaluate() {
    if (ready.length === 0) return
    const depth = Number(k)
    setEvaluation({ kind: 'running' })
    let failedModel = run.model
    try {
      const scores: RetrievalScore[] = []
      for (const [m, model] of runs.entries()) {
        failedModel = model.model
        const vectors = await embedQueries(
          model,
          ready.map((j) => j.query),
        )
        const worker = workerOf(m)
        if (!worker) throw new Error('The results were closed.')
        // Every input ranked, so a miss shows how far down it came and MRR counts past k.
        const rankings = await Promise.all(
          vectors.map(async (vector) => (await worker.search(vector, model.count)).map((hit) => hit.index)),
        )
        scores.push(scoreRetrieval(ready, rankings, depth))
      }
      setEvaluation({ kind: 'done', k: depth, scores })
    } catch (error) {
      setEvaluation({ kind: 'failed', failure: describeFailure(error, failedModel) })
    }
  }

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Write the queries your users would ask and mark the inputs each should find. Each model then searches for them:
        recall@k is the share of marked inputs in its first k hits (below 1 at best when a query marks more than k), MRR
        the mean of 1 / the rank of the first one found.
      </Text>
      {rows.map((row, i) => (
        <Paper key={i} withBorder radius="sm" p="sm" component="fieldset" aria-label={`Query ${i + 1}`} m={0}>
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" style={{ flex: 1, minWidth: 0 }}>
              <TextInput
                label={`Query ${i + 1}`}
                placeholder="e.g. a sleepy cat"
                value={row.query}
                onChange={(event) => change(i, { query: event.currentTarget.value })}
              />
              <MultiSelect
                label={`Should match (query ${i + 1})`}
                placeholder={row.expected.length ? undefined : 'Pick inputs'}
                data={options}
                value={row.expected.filter((index) => index < run.count).map(String)}
                onChange={(values) => change(i, { expected: values.map(Number) })}
                searchable
                limit={50}
                // Taller than the theme's 220 px (theme.module.css), as this list of inputs was before.
                styles={{ options: { maxHeight: 260 } }}
                comboboxProps={{ withinPortal: true }}
              />
            </SimpleGrid>
            <ActionIcon
              variant="subtle"
              color="gray"
              mt={26}
              aria-label={`Remove query ${i + 1}`}
              onClick={() => onJudgements(rows.filter((_, at) => at !== i))}
            >
              ×
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Button variant="default" size="sm" onClick={() => onJudgements([...rows, { query: '', expected: [] }])}>
          Add query
        </Button>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" id="retrieval-k">
            k
          </Text>
          <SegmentedControl aria-labelledby="retrieval-k" size="xs" value={k} onChange={setK} data={K_CHOICES} />
          <Button
            size="sm"
            onClick={() => void evaluate()}
            loading={evaluation.kind === 'running'}
            disabled={ready.length === 0}
          >
            Evaluate retrieval
          </Button>
        </Group>
      </Group>
      {ready.length === 0 && (
        <Text size="xs" c="dimmed">
          A query counts once it has text and at least one input that should match.
        </Text>
      )}
      {evaluation.kind === 'failed' && <FailureAlert failure={evaluation.failure} />}
      {evaluation.kind === 'done' && (
        <SimpleGrid cols={{ base: 1, sm: runs.length }} spacing="sm">
          {evaluation.scores.map((score, m) => (
            <ModelScore key={runs[m]!.id} model={runs[m]!.model} k={evaluation.k} score={score} texts={texts} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  )
})

function ModelScore({ model, k, score, texts }: { model: string; k: number; score: RetrievalScore; texts: string[] }) {
  const below = score.queries.flatMap((query) => query.belowK.map((hit) => ({ ...hit, query: query.query })))
  const atCeiling = score.queries.every((query) => query.recall === query.ceiling)
  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-label={`Retrieval by ${model}`}>
      <Text fw={650} size="sm" truncate="end">
        {model}
      </Text>
      <Group gap="lg" my={6} align="flex-start">
        <Stat
          label={`Recall@${k}`}
          value={formatFixed(score.recallAtK, 2)}
          note={`best possible ${formatFixed(score.ceiling, 2)}`}
        />
        <Stat label="MRR" value={formatFixed(score.mrr, 2)} note={`best possible ${formatFixed(1, 2)}`} />
      </Group>
      {below.length === 0 ? (
        <Text size="sm" c="var(--mantine-color-teal-light-color)">
          Found every marked input in its first {k}.
        </Text>
      ) : (
        <>
          <Text size="sm" c={atCeiling ? 'var(--mantine-color-teal-light-color)' : undefined}>
            {atCeiling ? `${atCeilingSentence(score, k)} The others came next:` : `Marked inputs below its first ${k}:`}
          </Text>
          <Stack
            gap={2}
            component="ul"
            aria-label={`Below the first ${k} by ${model}`}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {below.map((hit) => (
              <Text key={`${hit.query}-${hit.index}`} size="xs" component="li">
                <Text span fw={600}>
                  “{hit.query}”
                </Text>{' '}
                #{hit.index + 1} {texts[hit.index]}{' '}
                <Text span c="dimmed">
                  {Number.isFinite(hit.rank) ? `— found at rank ${hit.rank}` : '— not found'}
                </Text>
              </Text>
            ))}
          </Stack>
        </>
      )}
    </Paper>
  )
}
