import { Alert } from '../../../components/mantine/Alert'
import { Button } from '../../../components/mantine/Button'
import { Grid } from '../../../components/mantine/Grid'
import { Group } from '../../../components/mantine/Group'
import { Paper } from '../../../components/mantine/Paper'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { useQuery } from '@tanstack/react-query'
import { startTransition, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { modelsRead } from '../../../lib/catalog-reads'
import { createEmbeddingsThrough } from '../../../api/embeddings'
import { embeddingsSourcesQuery, sourceOf } from '../../../lib/embeddings-source'
import { readQuery } from '../../../api/read'
import type { ModelEndpoint } from '../../../api/schemas/aiproxy'
import { consoleConfigQuery } from '../../../api/session'
import { PageHeader } from '../../../components/PageHeader'
import { useStoredScope } from '../../../lib/scope'
import { modelCatalogLoader } from '../../../lib/model-catalog-loader'
import { batchAnswer, copiesOfJoined, fetchAnswerOffThread, joinRows, type Answer } from '../answer'
import { planBatches, runBatches, type BatchProgress } from '../batcher'
import { CodeTabs } from '../components/CodeTabs'
import { InputsEditor } from '../components/InputsEditor'
import { EXAMPLE_INPUTS } from '../example-inputs'
import { isWordOverlap, WORD_OVERLAP_DIMENSIONS, wordOverlapVectors } from '../word-overlap'
import { ResultsPanel } from '../components/ResultsPanel'
import { ShareDialog } from '../components/ShareDialog'
import { RunHistory } from '../components/RunHistory'
import { RunOptions } from '../components/RunOptions'
import { describeFailure, type Failure } from '../failure'
import { FailureAlert } from '../components/FailureAlert'
import { ErrorAlert } from '../../../components/ErrorAlert'
import { ComparisonPanel } from '../components/ComparisonPanel'
import { EMPTY_DRAFT, checkRun, hasProblems, readDraft, writeDraft, type Draft } from '../inputs'
import { requestCode } from '../request-code'
import { decodeShare, sharedPart, type SharedRun } from '../share-link'
import { createRunHistory, type Run } from '../runs'
import { offerCopies } from '../vector-client'
import { LiveProgress } from '../components/LiveProgress'
import { formatCount, formatNumber } from '../../../lib/format'
import { PAGE_ICONS } from '../../../lib/page-icons'

// The catalog only enriches the page (model list, prices, limits); without it any model id can still be typed.
export const loader = modelCatalogLoader

const NO_ROW_ERRORS = new Map<number, string>()

// Runs live for the browser session (page changes included); vectors are large, so only the last few are kept.
const history = createRunHistory(6)
let lastRunId = 0

type Incoming = { kind: 'ready'; run: SharedRun } | { kind: 'failed'; message: string }

type Status =
  | { kind: 'idle' }
  | { kind: 'running'; progress: BatchProgress; step?: ModelStep }
  | { kind: 'cancelled'; progress?: BatchProgress }
  | { kind: 'failed'; failure: Failure }

/** Which model of a comparison is being embedded. */
interface ModelStep {
  model: string
  index: number
  of: number
}

/** The word-overlap baseline's vectors, made here: no request, no tokens, nothing to pay. */
function wordOverlapRun(texts: string[]) {
  const started = performance.now()
  const vectors = wordOverlapVectors(texts)
  return {
    vectors,
    dimensions: WORD_OVERLAP_DIMENSIONS,
    promptTokens: 0,
    requestMs: [] as number[],
    durationMs: performance.now() - started,
    price: '0',
  }
}

const countOf = (n: number, one: string, many = `${one}s`) => `${formatNumber(n)} ${n === 1 ? one : many}`

const embeddingDimensions = (model: ModelEndpoint | undefined) =>
  typeof model?.embedding_dimensions === 'number' ? model.embedding_dimensions : undefined

function initialDraft(modelFromUrl: string | null): Draft {
  const saved = typeof localStorage === 'undefined' ? null : readDraft(localStorage)
  const draft = saved ?? EMPTY_DRAFT
  return modelFromUrl ? { ...draft, model: modelFromUrl } : draft
}

export function Component() {
  const { organizationId } = useStoredScope()
  const [params] = useSearchParams()
  const models = useQuery({
    ...readQuery(modelsRead(organizationId ?? '')),
    enabled: Boolean(organizationId),
  })
  const config = useQuery(consoleConfigQuery())
  const [draft, setDraft] = useState<Draft>(() => initialDraft(params.get('model')))
  const [kept, setKept] = useState(true)
  const [checked, setChecked] = useState(false)
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const controller = useRef<AbortController | null>(null)
  const [runs, setRuns] = useState(history.list)
  const [shownId, setShownId] = useState<number>()
  const location = useLocation()
  const navigate = useNavigate()
  const [sharing, setSharing] = useState(false)
  const [incoming, setIncoming] = useState<Incoming>()

  // A shared run arrives in the fragment; it replaces nothing until the user says so.
  useEffect(() => {
    const encoded = sharedPart(location.hash)
    if (!encoded) return
    let live = true
    decodeShare(encoded).then(
      (run) => live && setIncoming({ kind: 'ready', run }),
      (error: Error) => live && setIncoming({ kind: 'failed', message: error.message }),
    )
    return () => {
      live = false
    }
  }, [location.hash])
  const dismissShared = () => {
    setIncoming(undefined)
    void navigate({ pathname: location.pathname, search: location.search, hash: '' }, { replace: true })
  }

  const embeddingModels = useMemo(
    () => (models.data ?? []).filter((model) => model.model_type === 'Embedding'),
    [models.data],
  )
  const defaultModel = embeddingModels[0]?.id ?? ''
  const modelId = draft.model || defaultModel
  // The model a run uses shows as the field's value, in normal text: as a grey placeholder it read as empty. Once
  // the user edits the field, it shows what they typed, empty included.
  const [modelEdited, setModelEdited] = useState(false)
  const modelShown = modelEdited ? draft.model : modelId
  const entry = models.data?.find((model) => model.id === modelId)
  const compareId = draft.compareModel.trim()
  const compareEntry = compareId ? models.data?.find((model) => model.id === compareId) : undefined
  // Dimensions apply to both models of a comparison, so the smaller of their sizes bounds them.
  const nativeDimensions = [embeddingDimensions(entry), embeddingDimensions(compareEntry)].reduce<number | undefined>(
    (least, size) => (size === undefined ? least : Math.min(least ?? size, size)),
    undefined,
  )

  useEffect(() => {
    setKept(writeDraft(localStorage, draft))
  }, [draft])
  useEffect(() => () => controller.current?.abort(), [])

  // Memoised, with the inputs' change handler below, so the inputs editor renders only when its inputs change.
  const contextLength = entry?.context_length
  const problems = useMemo(
    () =>
      checkRun({
        inputs: draft.inputs,
        model: modelId,
        compareModel: compareId,
        dimensions: draft.dimensions,
        contextLength,
        nativeDimensions,
      }),
    [draft.inputs, modelId, compareId, draft.dimensions, contextLength, nativeDimensions],
  )
  const batches = useMemo(() => planBatches(draft.inputs.map((input) => input.text)), [draft.inputs])
  const shown = runs.find((run) => run.id === shownId) ?? runs[0]
  const partner = shown?.pairedWith === undefined ? undefined : runs.find((run) => run.id === shown.pairedWith)
  const shownPartner = useDeferredValue(partner)
  // A new run's results (a large panel) render after the rest of the page, in slices that keep the page responsive.
  const shownResults = useDeferredValue(shown)
  const running = status.kind === 'running'
  // The fifty input rows lock and unlock a frame after the rest: restyling them with the rest of the page made the
  // run's first and last frames long.
  const rowsLocked = useDeferredValue(running)
  const failure = status.kind === 'failed' ? status.failure : undefined
  const update = useCallback((patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }))
    setStatus((current) => (current.kind === 'failed' ? { kind: 'idle' } : current))
  }, [])
  const setInputs = useCallback((inputs: Draft['inputs']) => update({ inputs }), [update])
  const setJudgements = useCallback((judgements: Draft['judgements']) => update({ judgements }), [update])
  const onModel = useCallback(
    (model: string) => {
      setModelEdited(true)
      update({ model })
    },
    [update],
  )

  /**
   * Embeds every input with one model, batch by batch, timing each request. `loads`: how many vector workers will
   * load the run (the results panel, and a comparison's), each taking a copy of the vectors the answer worker made.
   */
  async function embedAll(model: string, signal: AbortSignal, step: ModelStep | undefined, loads: number) {
    const texts = draft.inputs.map((input) => input.text)
    const requestMs: number[] = []
    const answers: Answer[] = []
    const started = performance.now()
    const result = await runBatches(
      batches,
      async (batch, batchSignal) => {
        const read = await createEmbeddingsThrough(
          {
            model,
            input: texts.slice(batch.start, batch.end),
            ...(draft.encodingFormat === 'base64' ? { encoding_format: 'base64' as const } : {}),
            ...(draft.dimensions !== null ? { dimensions: draft.dimensions } : {}),
            ...(draft.user ? { user: draft.user } : {}),
          },
          fetchAnswerOffThread(loads),
          { signal: batchSignal },
        )
        requestMs.push(read.latencyMs)
        if (!read.ok) throw new Error(`The service answered vectors that cannot be read: ${read.message}`)
        answers.push(read.answer)
        return batchAnswer(read.answer)
      },
      { signal, onProgress: (progress) => setStatus({ kind: 'running', progress, step }) },
    )
    const { data: vectors, cols: dimensions } = joinRows(result.vectors)
    signal.throwIfAborted()
    offerCopies(vectors, copiesOfJoined(vectors, answers))
    const price = models.data?.find((m) => m.id === model)?.input_price_per_million
    return {
      vectors,
      dimensions,
      promptTokens: result.promptTokens,
      requestMs,
      durationMs: performance.now() - started,
      price,
    }
  }

  async function run() {
    setChecked(true)
    if (hasProblems(problems)) return
    const inputs = draft.inputs
    const chosen = compareId ? [modelId, compareId] : [modelId]
    const abort = new AbortController()
    controller.current = abort
    const first = { batchesDone: 0, batches: batches.length, inputsDone: 0, inputs: inputs.length }
    const stepOf = (index: number) =>
      chosen.length > 1 ? { model: chosen[index]!, index, of: chosen.length } : undefined
    // The model named if a request fails: a comparison's second may be the one the platform refuses.
    let failedModel = modelId
    try {
      // One model after the other, so neither's latency includes the other's load.
      const made: Run[] = []
      for (const [index, model] of chosen.entries()) {
        // The next model's request (its body serialised, its answer worker started) in a task of its own: in the task
        // that took the first model's answer, it made that the comparison's longest.
        if (index > 0) await new Promise((resolve) => setTimeout(resolve, 0))
        failedModel = model
        // Each model's progress starts from nothing: the bar and its words are about the model being embedded. The
        // word-overlap baseline sends no request, so it has no progress to tell.
        if (!isWordOverlap(model)) setStatus({ kind: 'running', progress: first, step: stepOf(index) })
        // The first model's run is loaded by the results panel and a comparison's, the second by the comparison's.
        const loads = chosen.length > 1 && index === 0 ? 2 : 1
        const embedded = isWordOverlap(model)
          ? wordOverlapRun(inputs.map((input) => input.text))
          : await embedAll(model, abort.signal, stepOf(index), loads)
        made.push({
          id: ++lastRunId,
          finishedAt: Date.now(),
          model,
          encodingFormat: draft.encodingFormat,
          requestedDimensions: draft.dimensions,
          user: draft.user,
          inputs,
          vectors: embedded.vectors,
          count: inputs.length,
          dimensions: embedded.dimensions,
          promptTokens: embedded.promptTokens,
          batches: isWordOverlap(model) ? 0 : batches.length,
          durationMs: embedded.durationMs,
          requestMs: embedded.requestMs,
          inputPricePerMillion: embedded.price,
        })
      }
      const [a, b] = made
      if (b) {
        a!.pairedWith = b.id
        b.pairedWith = a!.id
        history.add(b)
      }
      const list = history.add(a!)
      // A transition, so the page's render at the end of a run goes in slices (the results panel follows, deferred).
      startTransition(() => {
        setRuns(list)
        setShownId(a!.id)
        setStatus({ kind: 'idle' })
      })
    } catch (error) {
      if (abort.signal.aborted)
        setStatus((current) => ({
          kind: 'cancelled',
          progress: current.kind === 'running' ? current.progress : undefined,
        }))
      else
        setStatus({
          kind: 'failed',
          failure: describeFailure(error, failedModel),
        })
    } finally {
      controller.current = null
    }
  }

  function openShared(run: SharedRun) {
    setDraft((current) => ({ ...run, user: current.user }))
    setModelEdited(false)
    setChecked(false)
    setStatus({ kind: 'idle' })
    dismissShared()
  }

  const upstreams = config.data?.upstreams
  const sources = useQuery(embeddingsSourcesQuery()).data ?? null
  const servedBy = sourceOf(sources, modelId)
  const samples = useMemo(
    () =>
      upstreams &&
      requestCode(
        {
          model: modelId || 'MODEL_ID',
          inputs: draft.inputs.map((i) => i.text),
          encodingFormat: draft.encodingFormat,
          dimensions: problems.dimensions ? null : draft.dimensions,
          user: draft.user,
        },
        upstreams,
        servedBy,
      ),
    [upstreams, modelId, draft, problems.dimensions, servedBy],
  )
  const progress = status.kind === 'running' || status.kind === 'cancelled' ? status.progress : undefined

  return (
    <>
      <PageHeader
        title="Embeddings playground"
        icon={PAGE_ICONS.playground}
        description="Turn texts into vectors, see how similar they are, search them and map them in 2-D, or compare two models and score them on your own queries. Large sets are sent in batches within the API's limits."
        actions={
          <Button variant="default" onClick={() => setSharing(true)} disabled={draft.inputs.length === 0}>
            Share as link
          </Button>
        }
      />
      {/* The model the run uses, shown in the field even when the user left it to the default. */}
      {sharing && <ShareDialog run={{ ...draft, model: modelId }} onClose={() => setSharing(false)} />}
      {incoming?.kind === 'failed' && (
        <ErrorAlert
          title="This shared run cannot be opened"
          message={incoming.message}
          mb="md"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={dismissShared}
        />
      )}
      {incoming?.kind === 'ready' && (
        <section aria-label="Shared run">
          <Alert color="iris" title="A run was shared with you" mb="md">
            <Text size="sm">
              {countOf(incoming.run.inputs.length, 'input')} · {incoming.run.model || 'the first model'}
              {incoming.run.compareModel ? ` compared with ${incoming.run.compareModel}` : ''}
              {incoming.run.judgements.length
                ? ` · ${countOf(incoming.run.judgements.length, 'retrieval query', 'retrieval queries')}`
                : ''}
              . Opening it replaces the inputs and options you have here
              {draft.inputs.length ? ` (${countOf(draft.inputs.length, 'input')})` : ''}; then create embeddings to run
              it.
            </Text>
            <Group gap="xs" mt="sm">
              <Button size="xs" onClick={() => openShared(incoming.run)}>
                Open the shared run
              </Button>
              <Button size="xs" variant="default" onClick={dismissShared}>
                Keep mine
              </Button>
            </Group>
          </Alert>
        </section>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            {/* Disabled as a whole during a run: its fields then keep their props and do not render again. */}
            <fieldset disabled={running} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
              <RunOptions
                models={embeddingModels}
                modelShown={modelShown}
                modelError={checked && problems.model}
                compareError={checked && problems.compareModel}
                defaultModel={defaultModel}
                entry={entry}
                dimensionsError={checked && problems.dimensions}
                nativeDimensions={nativeDimensions}
                servedBy={servedBy}
                catalogWaiting={models.isPending && models.fetchStatus === 'fetching'}
                draft={draft}
                onModel={onModel}
                update={update}
              />
            </fieldset>
            <InputsEditor
              inputs={draft.inputs}
              onChange={setInputs}
              // The same empty map when no row has a problem: a new one would render the fifty rows again on the first run.
              rowErrors={checked && problems.rows.size > 0 ? problems.rows : NO_ROW_ERRORS}
              error={checked ? problems.inputs : undefined}
              disabled={rowsLocked}
            />
            {!kept && (
              <Text size="xs" c="dimmed">
                This input set is too large for the browser's storage; it will not survive a reload.
              </Text>
            )}
            <Paper withBorder radius="md" p="md" component="section" aria-label="Run">
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {formatCount(draft.inputs.length, draft.inputs.length, ['input', 'inputs'])} →{' '}
                  {formatCount(batches.length, batches.length, ['request', 'requests'])}
                </Text>
                <Group gap="xs">
                  {running && (
                    <Button
                      variant="default"
                      onClick={() => controller.current?.abort(new DOMException('Cancelled by the user', 'AbortError'))}
                    >
                      Cancel
                    </Button>
                  )}
                  <Button onClick={() => void run()} loading={running}>
                    Create embeddings
                  </Button>
                </Group>
              </Group>
              {progress && (
                <Stack gap={4} mt="sm">
                  <LiveProgress
                    value={(progress.inputsDone / Math.max(progress.inputs, 1)) * 100}
                    live={running}
                    aria-label="Run progress"
                    color={status.kind === 'cancelled' ? 'gray' : undefined}
                  />
                  <Text size="xs" c="dimmed" aria-live="polite">
                    {status.kind === 'cancelled'
                      ? `Cancelled after ${formatNumber(progress.batchesDone)} of ${formatNumber(progress.batches)} requests; nothing was kept.`
                      : `${status.kind === 'running' && status.step ? `Model ${status.step.index + 1} of ${status.step.of} (${status.step.model}) · ` : ''}Request ${formatNumber(Math.min(progress.batchesDone + 1, progress.batches))} of ${formatNumber(progress.batches)} · ${formatNumber(progress.inputsDone)} of ${formatNumber(progress.inputs)} inputs embedded`}
                  </Text>
                </Stack>
              )}
              {failure && <FailureAlert failure={failure} mt="sm" />}
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            {shownResults && shownPartner && (
              <ComparisonPanel
                key={`${shownResults.id}-${shownPartner.id}`}
                sources={sources}
                a={shownResults}
                b={shownPartner}
                judgements={draft.judgements}
                onJudgements={setJudgements}
              />
            )}
            {shownResults ? (
              <ResultsPanel
                key={shownResults.id}
                run={shownResults}
                judgements={draft.judgements}
                onJudgements={setJudgements}
              />
            ) : (
              <Paper withBorder radius="md" p="xl" style={{ borderStyle: 'dashed' }}>
                <Stack align="center" gap="xs" py="xl">
                  <Text fw={650} size="lg">
                    Results appear here
                  </Text>
                  <Text size="sm" c="dimmed" ta="center" maw={440}>
                    Add a few sentences (or load the example) and create embeddings: you get a similarity heatmap,
                    semantic search, a 2-D map of your inputs, the vectors and their cost.
                  </Text>
                  {draft.inputs.length === 0 && (
                    <Button variant="light" mt="xs" onClick={() => update({ inputs: EXAMPLE_INPUTS })}>
                      Load example
                    </Button>
                  )}
                </Stack>
              </Paper>
            )}
            {runs.length > 0 && <RunHistory runs={runs} shownId={shown?.id} onShow={setShownId} />}
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="code-title">
              <Text fw={650} id="code-title" mb="xs">
                Request as code
              </Text>
              {samples ? (
                <CodeTabs samples={samples} />
              ) : (
                <Text size="sm" c="dimmed">
                  Loading the service address…
                </Text>
              )}
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  )
}
