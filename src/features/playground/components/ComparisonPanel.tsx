import { Badge } from '../../../components/mantine/Badge'
import { Group } from '../../../components/mantine/Group'
import { Paper } from '../../../components/mantine/Paper'
import { SimpleGrid } from '../../../components/mantine/SimpleGrid'
import { Stack } from '../../../components/mantine/Stack'
import { Table } from '../../../components/mantine/Table'
import { Tabs } from '../../../components/mantine/Tabs'
import { Text } from '../../../components/mantine/Text'
import { memo, startTransition, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { formatUsd, formatUsdExactly } from '../../../lib/pricing'
import type { EmbeddingsSource } from '../../../api/session'
import { topKOverlap, type Agreement } from '../agreement'
import { comparisonVerdict } from '../comparison-verdict'
import { topicGrouping } from '../topic-grouping'
import { isWordOverlap, WORD_OVERLAP } from '../word-overlap'
import { describeFailure, type Failure } from '../failure'
import { ErrorAlert } from '../../../components/ErrorAlert'
import { embedQueries } from '../query-embeddings'
import type { Judgement } from '../retrieval'
import { medianRequestMs, runCost, type Run } from '../runs'
import { createVectorWorker, type VectorWorker } from '../vector-client'
import type { Analysis, SearchHit } from '../worker-protocol'
import { Heatmap, heatmapSide } from './Heatmap'
import { RetrievalLab } from './RetrievalLab'
import { SearchForm } from './SearchForm'
import { TableScroll } from '../../../components/TableScroll'
import { formatNumber, formatFixed } from '../../../lib/format'
import { sourceOf } from '../../../lib/embeddings-source'
import { StandInMarker } from '../../../components/ServedByNote'

interface ComparisonPanelProps {
  /** The shown run and the other model's run of the same inputs. */
  a: Run
  b: Run
  judgements: readonly Judgement[]
  onJudgements: (judgements: Judgement[]) => void
  /** What serves each embedding model on the embedded local cloud; null against the platform. */
  sources: readonly EmbeddingsSource[] | null
}

type SearchState =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'done'; query: string; hits: [SearchHit[], SearchHit[]] }
  | { kind: 'failed'; failure: Failure }

const TOP_K = 5

const ms = (value: number) => `${formatNumber(Math.round(value))} ms`

/**
 * Two models on the same inputs, side by side: both heatmaps, how far they agree (the rank correlation of every pair's
 * similarity, and the overlap of a search's top hits), and each one's latency, tokens and exact cost. Each run's
 * vectors live in a worker of their own; the correlation is computed in the first one.
 */
export const ComparisonPanel = memo(function ComparisonPanel({
  a,
  b,
  judgements,
  onJudgements,
  sources,
}: ComparisonPanelProps) {
  const runs = [a, b] as const
  const workers = useRef<VectorWorker[]>([])
  const [analyses, setAnalyses] = useState<[Analysis, Analysis]>()
  const [agreement, setAgreement] = useState<Agreement>()
  const [error, setError] = useState<string>()
  const [query, setQuery] = useState('')
  const [search, setSearch] = useState<SearchState>({ kind: 'idle' })

  useEffect(() => {
    const pair = [createVectorWorker(), createVectorWorker()] as const
    workers.current = [...pair]
    const side = heatmapSide()
    Promise.all([
      pair[0].load(a.vectors, a.count, a.dimensions, side),
      pair[1].load(b.vectors, b.count, b.dimensions, side),
    ])
      .then(async ([first, second]) => {
        startTransition(() => setAnalyses([first, second]))
        const measured = await pair[0].agreement(second.similarity, second.heatmapSize)
        startTransition(() => setAgreement(measured))
      })
      .catch((failure: Error) => setError(failure.message))
    return () => {
      pair.forEach((worker) => worker.terminate())
      workers.current = []
    }
  }, [a, b])

  const texts = a.inputs.map((input) => input.text)
  const costs = runs.map(runCost)
  const total = costs[0] && costs[1] ? costs[0].plus(costs[1]) : undefined
  const pairs = analyses ? (analyses[0].heatmapSize * (analyses[0].heatmapSize - 1)) / 2 : 0
  const k = Math.min(TOP_K, a.count)

  async function runSearch() {
    const text = query.trim()
    if (!text) return
    setSearch({ kind: 'searching' })
    let failedModel = a.model
    try {
      const hits: SearchHit[][] = []
      for (const [m, run] of runs.entries()) {
        failedModel = run.model
        const [vector] = await embedQueries(run, [text])
        const worker = workers.current[m]
        if (!worker || !vector) throw new Error('The comparison was closed.')
        hits.push(await worker.search(vector, k))
      }
      setSearch({ kind: 'done', query: text, hits: [hits[0]!, hits[1]!] })
    } catch (failure) {
      setSearch({ kind: 'failed', failure: describeFailure(failure, failedModel) })
    }
  }

  const labels = useMemo(() => a.inputs.map((input) => input.label), [a.inputs])
  const grouping = useMemo(
    () => analyses?.map((analysis) => topicGrouping(analysis.similarity, analysis.heatmapSize, labels)),
    [analyses, labels],
  )
  const verdict =
    agreement === undefined
      ? undefined
      : comparisonVerdict({ models: [a.model, b.model], agreement, pairs, grouping: [grouping?.[0], grouping?.[1]] })
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="comparison-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Text fw={650} id="comparison-title">
          {a.model} vs {b.model}
        </Text>
        <Text size="xs" c="dimmed">
          Runs {a.id} and {b.id} · {formatNumber(a.count)} inputs
        </Text>
      </Group>
      <StandIns a={a.model} b={b.model} sources={sources} />
      {isWordOverlap(b.model) && (
        <Text size="xs" c="dimmed" mb="sm">
          {WORD_OVERLAP} is a baseline computed in your browser, not a model: two inputs score by the content words they
          share. It calls nothing and costs nothing.
        </Text>
      )}
      <TableScroll minWidth={280} mb="sm">
        <Table
          verticalSpacing={4}
          horizontalSpacing={6}
          fz="sm"
          style={{ fontVariantNumeric: 'tabular-nums' }}
          aria-label="Models side by side"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Measure</Table.Th>
              {runs.map((run) => (
                <Table.Th key={run.id} scope="col" ta="right" style={{ overflowWrap: 'anywhere' }}>
                  {run.model}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Row label="Dimensions" values={runs.map((run) => formatNumber(run.dimensions))} />
            <Row
              label="Tokens"
              values={runs.map((run) => (isWordOverlap(run.model) ? 'None' : formatNumber(run.promptTokens)))}
            />
            <Row
              label="Requests"
              values={runs.map((run) => (isWordOverlap(run.model) ? 'None' : String(run.requestMs.length)))}
            />
            <Row
              label="Latency per request"
              values={runs.map((run) => (isWordOverlap(run.model) ? '—' : `${ms(medianRequestMs(run))} median`))}
            />
            <Row label="Cost" values={costs.map((cost) => (cost ? formatUsd(cost) : 'Price not listed'))} />
            {grouping?.[0] && grouping[1] && (
              <Row
                label="Topic grouping"
                values={grouping.map((g) => `${formatNumber(g!.grouped)} of ${formatNumber(g!.scored)}`)}
              />
            )}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <Text size="sm" mb="sm">
        {total ? (
          <>
            This comparison cost <b>{formatUsd(total)}</b>{' '}
            <Text span c="dimmed" size="sm">
              (exactly {formatUsdExactly(total)} from the catalog’s prices per million tokens)
            </Text>
          </>
        ) : (
          <Text span c="dimmed" size="sm">
            The catalog lists no price for one of the models, so the run’s cost is unknown.
          </Text>
        )}
      </Text>
      {error && <ErrorAlert title="The vectors could not be compared" message={error} mb="sm" />}
      <Paper radius="sm" p="sm" mb="sm" bg="var(--mantine-color-default-hover)" role="status" aria-label="Agreement">
        {agreement === undefined || !verdict ? (
          <Text size="sm" c="dimmed">
            Comparing every pair’s similarity in the background…
          </Text>
        ) : (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Badge color={verdict.color} variant="light" size="lg" style={{ flexShrink: 0 }}>
              ρ {Number.isNaN(agreement.spearman) ? '—' : formatFixed(agreement.spearman, 2)}
            </Badge>
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                {verdict.title}
              </Text>
              <Text size="sm" c="dimmed">
                {verdict.words}
              </Text>
            </Stack>
          </Group>
        )}
      </Paper>
      <Tabs defaultValue="heatmaps" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="heatmaps">Heatmaps</Tabs.Tab>
          <Tabs.Tab value="search">Search both</Tabs.Tab>
          <Tabs.Tab value="retrieval">Retrieval</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="heatmaps" pt="md">
          {analyses ? (
            <ModelColumns runs={runs} gap={6}>
              {(run, m) => (
                <Heatmap
                  similarity={analyses[m]!.similarity}
                  size={analyses[m]!.heatmapSize}
                  image={analyses[m]!.heatmap}
                  texts={texts}
                  total={run.count}
                  compact
                />
              )}
            </ModelColumns>
          ) : (
            <Text size="sm" c="dimmed" py="lg">
              Computing both heatmaps in the background…
            </Text>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="search" pt="md">
          <SearchForm
            label="Search with both models"
            query={query}
            onQuery={setQuery}
            onSearch={() => void runSearch()}
            searching={search.kind === 'searching'}
            ready={!!analyses}
            failure={search.kind === 'failed' ? search.failure : null}
          />
          {search.kind === 'done' && (
            <SearchComparison query={search.query} hits={search.hits} runs={runs} texts={texts} k={k} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="retrieval" pt="md">
          <RetrievalLab
            runs={runs}
            workerOf={(m) => workers.current[m] ?? null}
            judgements={judgements}
            onJudgements={onJudgements}
          />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  )
})

/**
 * What the comparison really compares on the embedded local cloud: one stand-in against itself (how a comparison
 * works, nothing more), or the stand-in against the word-overlap baseline (meaning against shared words). Nothing
 * against the platform.
 */
function StandIns({ a, b, sources }: { a: string; b: string; sources: readonly EmbeddingsSource[] | null }) {
  const first = sourceOf(sources, a)
  const second = isWordOverlap(b) ? null : sourceOf(sources, b)
  if (!first || (!second && !isWordOverlap(b))) return null
  return (
    <Text size="xs" c="dimmed" mb="sm" role="note">
      <StandInMarker />
      {' · '}
      {!second
        ? `On the embedded local cloud ${a} is served by ${first.name}: what follows sets its meaning against shared words.`
        : first === second
          ? `On the embedded local cloud both are served by ${first.name}: what follows shows how a comparison works, not how ${a} and ${b} differ. Compare with ${WORD_OVERLAP} to see what meaning adds.`
          : `On the embedded local cloud ${a} is served by ${first.name} and ${b} by ${second.name}: what follows compares those two, not ${a} and ${b} themselves.`}
    </Text>
  )
}

function Row({ label, values }: { label: string; values: string[] }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        {label}
      </Table.Th>
      {values.map((value, i) => (
        <Table.Td key={i} ta="right">
          {value}
        </Table.Td>
      ))}
    </Table.Tr>
  )
}

function SearchComparison({
  query,
  hits,
  runs,
  texts,
  k,
}: {
  query: string
  hits: [SearchHit[], SearchHit[]]
  runs: readonly Run[]
  texts: string[]
  k: number
}) {
  const indices = hits.map((list) => list.map((hit) => hit.index))
  const shared = topKOverlap(indices[0]!, indices[1]!, k)
  const both = new Set(indices[0]!.filter((index) => indices[1]!.includes(index)))
  return (
    <Stack gap="sm" mt="md">
      <Text size="sm" role="status">
        <b>
          {shared} of the top {k}
        </b>{' '}
        hits for “{query}” are the same for both models.
      </Text>
      <ModelColumns runs={runs} gap={4}>
        {(run, m) => (
          <Stack
            gap={4}
            component="ol"
            aria-label={`Top ${k} by ${run.model}`}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {hits[m]!.map((hit) => (
              <Group key={hit.index} component="li" gap="xs" wrap="nowrap">
                <Text size="sm" fw={700} w={48} style={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}>
                  {formatFixed(hit.score, 3)}
                </Text>
                <Text size="sm" lineClamp={1} style={{ flex: 1, minWidth: 0 }}>
                  {texts[hit.index]}
                </Text>
                {both.has(hit.index) && (
                  <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
                    both
                  </Badge>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </ModelColumns>
    </Stack>
  )
}

/** The two models side by side (one above the other on a phone), each column headed by its model's name. */
function ModelColumns({
  runs,
  gap,
  children,
}: {
  runs: readonly Run[]
  gap: number
  children: (run: Run, index: number) => ReactNode
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {runs.map((run, m) => (
        <Stack key={run.id} gap={gap} miw={0}>
          <Text size="sm" fw={600} truncate="end">
            {run.model}
          </Text>
          {children(run, m)}
        </Stack>
      ))}
    </SimpleGrid>
  )
}
