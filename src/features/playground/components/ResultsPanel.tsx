import { Button } from '../../../components/mantine/Button'
import { Group } from '../../../components/mantine/Group'
import { Loader } from '../../../components/mantine/Loader'
import { Menu } from '../../../components/mantine/Menu'
import { Paper } from '../../../components/mantine/Paper'
import { SegmentedControl } from '../../../components/mantine/SegmentedControl'
import { SimpleGrid } from '../../../components/mantine/SimpleGrid'
import { Stack } from '../../../components/mantine/Stack'
import { Tabs } from '../../../components/mantine/Tabs'
import { Text } from '../../../components/mantine/Text'
import { memo, startTransition, useEffect, useRef, useState } from 'react'
import { createEmbeddings } from '../../../api/embeddings'
import { describeFailure, type Failure } from '../failure'
import { ErrorAlert } from '../../../components/ErrorAlert'
import { runCost, runToCsv, runToJson, runToJsonl, runToProjectorTsv, type Run } from '../runs'
import { formatUsd } from '../../../lib/pricing'
import { createVectorWorker, type VectorWorker } from '../vector-client'
import type { Analysis, SearchHit } from '../worker-protocol'
import type { ProjectionQuality } from '../projection-quality'
import type { Judgement } from '../retrieval'
import { Heatmap, heatmapSide } from './Heatmap'
import { ProjectionScore } from './ProjectionScore'
import { RetrievalLab } from './RetrievalLab'
import { SearchForm } from './SearchForm'
import { Stat } from './Stat'
import { Scatter } from './Scatter'
import { VectorTable } from './VectorTable'
import { LiveProgress } from './LiveProgress'
import { formatNumber, formatFixed } from '../../../lib/format'

function download(name: string, type: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

type SearchState =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'done'; query: string; hits: SearchHit[] }
  | { kind: 'failed'; failure: Failure }
type Umap =
  | { kind: 'off' }
  | { kind: 'running'; done: number; total: number }
  | { kind: 'done'; coords: Float32Array; quality?: ProjectionQuality }
  | { kind: 'failed'; message: string }

/**
 * One run's results; the vector math runs in this panel's worker, so the page stays responsive. Memoised: the page
 * renders again on every click and keystroke, and a thousand-input run's panel is large.
 */
export const ResultsPanel = memo(function ResultsPanel({
  run,
  judgements,
  onJudgements,
}: {
  run: Run
  /** The user's retrieval test, kept with the draft. */
  judgements: readonly Judgement[]
  onJudgements: (judgements: Judgement[]) => void
}) {
  const worker = useRef<VectorWorker | null>(null)
  const [analysis, setAnalysis] = useState<Analysis>()
  const [analysisError, setAnalysisError] = useState<string>()
  const [query, setQuery] = useState('')
  const [search, setSearch] = useState<SearchState>({ kind: 'idle' })
  const [projection, setProjection] = useState<'pca' | 'umap'>('pca')
  const [umap, setUmap] = useState<Umap>({ kind: 'off' })

  useEffect(() => {
    const vectors = createVectorWorker()
    worker.current = vectors
    vectors
      .load(run.vectors, run.count, run.dimensions, heatmapSide())
      // A transition: React renders the heatmap and its panel in slices instead of one long task.
      .then(
        (result) => startTransition(() => setAnalysis(result)),
        (error: Error) => setAnalysisError(error.message),
      )
    return () => {
      vectors.terminate()
      worker.current = null
    }
  }, [run])

  const texts = run.inputs.map((input) => input.text)
  const labels = run.inputs.map((input) => input.label)
  const cost = runCost(run)
  const file = `embeddings-run-${run.id}`

  async function runSearch() {
    const text = query.trim()
    if (!text || !worker.current) return
    setSearch({ kind: 'searching' })
    try {
      const answer = await createEmbeddings({
        model: run.model,
        input: text,
        ...(run.requestedDimensions !== null ? { dimensions: run.requestedDimensions } : {}),
      })
      const hits = await worker.current.search(Float32Array.from(answer.data[0]?.embedding ?? []), 10)
      setSearch({ kind: 'done', query: text, hits })
    } catch (error) {
      setSearch({ kind: 'failed', failure: describeFailure(error, run.model) })
    }
  }

  function startUmap() {
    setProjection('umap')
    if (umap.kind === 'done' || umap.kind === 'running' || !worker.current) return
    setUmap({ kind: 'running', done: 0, total: 1 })
    worker.current
      .umap(42, (done, total) => setUmap({ kind: 'running', done, total }))
      .then(
        ({ coords, quality }) => setUmap({ kind: 'done', coords, quality }),
        (error: Error) => setUmap({ kind: 'failed', message: error.message }),
      )
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="results-title">
      <Group justify="space-between" mb="sm">
        <Text fw={650} id="results-title">
          Run {run.id} · {run.model}
        </Text>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="compact-sm" variant="light">
              Export
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Vectors with their texts</Menu.Label>
            <Menu.Item onClick={() => download(`${file}.json`, 'application/json', runToJson(run))}>
              JSON (the API’s shape)
            </Menu.Item>
            <Menu.Item onClick={() => download(`${file}.jsonl`, 'application/jsonl', runToJsonl(run))}>
              JSONL (one input per line)
            </Menu.Item>
            <Menu.Item onClick={() => download(`${file}.csv`, 'text/csv', runToCsv(run))}>CSV</Menu.Item>
            <Menu.Divider />
            <Menu.Label>TensorFlow Embedding Projector</Menu.Label>
            <Menu.Item
              onClick={() =>
                download(`${file}-vectors.tsv`, 'text/tab-separated-values', runToProjectorTsv(run).vectors)
              }
            >
              vectors.tsv
            </Menu.Item>
            <Menu.Item
              onClick={() =>
                download(`${file}-metadata.tsv`, 'text/tab-separated-values', runToProjectorTsv(run).metadata)
              }
            >
              metadata.tsv (texts and labels)
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" verticalSpacing="xs" mb="md">
        <Stat label="Inputs" value={formatNumber(run.count)} />
        <Stat label="Dimensions" value={formatNumber(run.dimensions)} />
        <Stat label="Tokens" value={formatNumber(run.promptTokens)} />
        <Stat label="Cost" value={cost ? formatUsd(cost) : '—'} />
        <Stat label="Requests" value={String(run.batches)} />
        <Stat label="Time" value={`${formatFixed(run.durationMs / 1000, 2)} s`} />
      </SimpleGrid>
      {analysisError && <ErrorAlert title="The vectors could not be analysed" message={analysisError} mb="sm" />}
      <Tabs defaultValue="similarity" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="similarity">Similarity</Tabs.Tab>
          <Tabs.Tab value="search">Search</Tabs.Tab>
          <Tabs.Tab value="map">2-D map</Tabs.Tab>
          <Tabs.Tab value="vectors">Vectors</Tabs.Tab>
          <Tabs.Tab value="retrieval">Retrieval</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="similarity" pt="md">
          {analysis ? (
            <>
              <Heatmap
                similarity={analysis.similarity}
                size={analysis.heatmapSize}
                image={analysis.heatmap}
                texts={texts}
                total={run.count}
              />
              <Text size="xs" c="dimmed" mt="xs">
                Similarities and PCA computed in {formatNumber(Math.max(1, Math.round(analysis.millis)))} ms by{' '}
                {analysis.engine} in a background worker.
              </Text>
            </>
          ) : (
            <Computing />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="search" pt="md">
          <SearchForm
            label="Search the inputs by meaning"
            query={query}
            onQuery={setQuery}
            onSearch={() => void runSearch()}
            searching={search.kind === 'searching'}
            ready={!!analysis}
            failure={search.kind === 'failed' ? search.failure : null}
          />
          {search.kind === 'done' && (
            <Stack
              gap={6}
              mt="md"
              component="ol"
              aria-label={`Inputs ranked by similarity to "${search.query}"`}
              style={{ listStyle: 'none', padding: 0 }}
            >
              {search.hits.map((hit, rank) => (
                <Group key={hit.index} component="li" gap="sm" wrap="nowrap">
                  <Text size="sm" fw={700} w={56} style={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}>
                    {formatFixed(hit.score, 3)}
                  </Text>
                  <div
                    style={{
                      width: 80,
                      height: 6,
                      borderRadius: 3,
                      background: 'var(--mantine-color-default-border)',
                      flexShrink: 0,
                    }}
                    aria-hidden
                  >
                    <div
                      style={{
                        width: `${Math.max(0, hit.score) * 100}%`,
                        height: '100%',
                        borderRadius: 3,
                        background: 'var(--mantine-primary-color-filled)',
                      }}
                    />
                  </div>
                  <Text size="sm" lineClamp={1} fw={rank === 0 ? 600 : 400}>
                    {texts[hit.index]}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="map" pt="md">
          <Group justify="space-between" mb="sm">
            <SegmentedControl
              aria-label="Projection"
              value={projection}
              onChange={(value) => (value === 'umap' ? startUmap() : setProjection('pca'))}
              data={[
                { value: 'pca', label: 'PCA' },
                { value: 'umap', label: 'UMAP' },
              ]}
            />
            {projection === 'pca' && analysis && (
              <Text size="xs" c="dimmed">
                Axes explain {formatFixed(analysis.pca.explained[0] * 100, 1)}% and{' '}
                {formatFixed(analysis.pca.explained[1] * 100, 1)}% of the variance
              </Text>
            )}
          </Group>
          {projection === 'pca' ? (
            analysis ? (
              <>
                <Scatter coords={analysis.pca.coords} texts={texts} labels={labels} title="PCA projection" />
                <ProjectionScore quality={analysis.pca.quality} name="PCA" />
              </>
            ) : (
              <Computing />
            )
          ) : umap.kind === 'done' ? (
            <>
              <Scatter coords={umap.coords} texts={texts} labels={labels} title="UMAP projection" />
              <ProjectionScore quality={umap.quality} name="UMAP" />
            </>
          ) : umap.kind === 'failed' ? (
            <ErrorAlert title="The UMAP projection could not be computed" message={umap.message} />
          ) : (
            <Stack gap={4} maw={400}>
              <Text size="sm">
                UMAP: epoch {umap.kind === 'running' ? umap.done : 0} of {umap.kind === 'running' ? umap.total : '…'}
              </Text>
              <LiveProgress
                value={umap.kind === 'running' ? (umap.done / umap.total) * 100 : 0}
                aria-label="UMAP progress"
                live
              />
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="vectors" pt="md">
          <VectorTable run={run} norms={analysis?.norms} />
        </Tabs.Panel>
        <Tabs.Panel value="retrieval" pt="md">
          <RetrievalLab
            runs={[run]}
            workerOf={() => worker.current}
            judgements={judgements}
            onJudgements={onJudgements}
          />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  )
})

function Computing() {
  return (
    <Group gap="xs" py="lg">
      <Loader size="sm" />
      <Text size="sm" c="dimmed">
        Computing in the background…
      </Text>
    </Group>
  )
}
