import { Box } from '@mantine/core'
import { Card } from '../../../components/mantine/Card'
import { Group } from '../../../components/mantine/Group'
import { Skeleton } from '../../../components/mantine/Skeleton'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { useQuery } from '@tanstack/react-query'
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'

import { consoleConfigQuery } from '../../../api/session'

import { CardGrid, CatalogLoadError, CatalogResults, ViewToggle } from '../../../components/catalog'
import { EmptyState } from '../../../components/EmptyState'
import { PageHeader } from '../../../components/PageHeader'
import { ServedByNote } from '../../../components/ServedByNote'
import { embeddingsSourcesQuery, sourceOf } from '../../../lib/embeddings-source'
import { paths } from '../../../lib/paths'
import { browserSideSearch } from '../../../lib/route-module'
import { useStoredScope } from '../../../lib/scope'
import { modelCatalogLoader } from '../../../lib/model-catalog-loader'
import { formatCount } from '../../../lib/format'
import { formatSort } from '../../../lib/sort'
import {
  clearFilters,
  hasFilters,
  MAX_COMPARE,
  priceModels,
  readCatalogState,
  selectModels,
  toggleCompare,
} from '../catalog-state'
import { withParam } from '../../../lib/list-filters'
import { CatalogFilters, SortSelect } from '../components/CatalogFilters'
import { CompareModels } from '../components/CompareModels'
import { CostPlan } from '../components/CostPlan'
import { ModelCard } from '../components/ModelCard'
import { ModelDrawer } from '../components/ModelDrawer'
import { ModelTable } from '../components/ModelTable'
import { readQuery } from '../../../api/read'
import { modelsRead } from '../../../lib/catalog-reads'
import { PAGE_ICONS } from '../../../lib/page-icons'

export const loader = modelCatalogLoader

// Search, filters, sort, view, drawer and calculator are all browser-side state in the URL.
export const shouldRevalidate = browserSideSearch()

export function Component() {
  const { organizationId } = useStoredScope()
  const [params, setParams] = useSearchParams()
  const state = readCatalogState(params)
  const models = useQuery({
    ...readQuery(modelsRead(organizationId ?? '')),
    enabled: Boolean(organizationId),
  })
  const config = useQuery(consoleConfigQuery())
  const sources = useQuery(embeddingsSourcesQuery()).data ?? null

  // Quick successive changes (typing in two fields) must not overwrite each other while a navigation is still
  // landing, so each change applies to the latest parameters asked for, not to this render's.
  const latest = useRef(params)
  useEffect(() => {
    latest.current = params
  }, [params])
  const update = (change: (current: URLSearchParams) => URLSearchParams, replace = false) => {
    const next = change(new URLSearchParams(latest.current))
    latest.current = next
    setParams(next, { replace, preventScrollReset: true })
  }
  const detailsHref = (id: string) => `${paths.models()}?${withParam(params, 'model', id).toString()}`

  const query = useDeferredValue(state.q)
  // The calculator's fields holding a value they refuse: while one does, no model shows a cost.
  const [refused, setRefused] = useState<ReadonlySet<string>>(new Set())
  const plan = refused.size ? undefined : state.plan
  const priced = useMemo(() => priceModels(models.data ?? [], plan), [models.data, plan])
  const rows = selectModels(priced, { ...state, q: query })
  const compared = state.compare.flatMap((id) => priced.filter(({ model }) => model.id === id))
  const selected = priced.find(({ model }) => model.id === state.selected)

  const viewToggle = (
    <ViewToggle
      views={['cards', 'table']}
      value={state.view}
      onChange={(view) => update((current) => withParam(current, 'view', view))}
    />
  )

  return (
    <>
      <PageHeader
        title="Model catalog"
        icon={PAGE_ICONS.models}
        description="Open models behind an OpenAI-compatible API, priced per million tokens. Filter, compare and price them for your usage."
        actions={viewToggle}
      />
      {sources && sources.length > 0 && (
        <Box mb="md">
          <ServedByNote sources={sources}>Try how embeddings behave here, not which model is best.</ServedByNote>
        </Box>
      )}
      {!organizationId ? (
        <EmptyState
          title="Choose an organization"
          description="Models are offered per organization. Pick one in the scope switcher at the top to see its catalog and prices."
        />
      ) : models.isPending ? (
        <LoadingCards />
      ) : models.isError ? (
        <CatalogLoadError
          title="The model catalog could not be loaded"
          message={models.error.message}
          error={models.error}
          retrying={models.isFetching}
          onRetry={() => void models.refetch()}
        />
      ) : priced.length === 0 ? (
        <EmptyState
          title="No models offered yet"
          description="This organization has no model endpoints. When models are enabled for it, they appear here with their prices."
        />
      ) : (
        <>
          <CostPlan
            plan={state.plan}
            onChange={(key, value) => update((current) => withParam(current, key, value), key !== 'per')}
            onRefused={(key, isRefused) =>
              setRefused((now) =>
                now.has(key) === isRefused
                  ? now
                  : new Set(isRefused ? [...now, key] : [...now].filter((k) => k !== key)),
              )
            }
          />
          <CatalogFilters state={state} onParamsChange={update} models={priced} />
          {compared.length >= 2 ? (
            <CompareModels
              entries={compared}
              detailsHref={detailsHref}
              onRemove={(id) =>
                update((current) =>
                  withParam(
                    current,
                    'compare',
                    state.compare.filter((other) => other !== id),
                  ),
                )
              }
              onClear={() => update((current) => withParam(current, 'compare', null))}
            />
          ) : null}
          <Group justify="space-between" mb="sm">
            <Text size="sm" c="dimmed" aria-live="polite">
              {formatCount(rows.length, priced.length, ['model', 'models'])}
              {compared.length === 1
                ? ' · pick one more to compare'
                : compared.length === 0
                  ? ` · tick up to ${MAX_COMPARE} to compare`
                  : ''}
            </Text>
            {state.view === 'cards' && <SortSelect state={state} onParamsChange={update} />}
          </Group>
          <CatalogResults
            shown={rows.length}
            filtered={hasFilters(state)}
            noMatch={{
              title: 'No models match',
              description:
                'Nothing matches the search and filters. Widen the price or context limits, or clear the filters.',
            }}
            onClear={() => update(clearFilters, true)}
          >
            {state.view === 'table' ? (
              <ModelTable
                rows={rows}
                sort={state.sort}
                onSortChange={(sort) => update((current) => withParam(current, 'sort', formatSort(sort)), true)}
                detailsHref={detailsHref}
                compare={state.compare}
                compareFull={state.compare.length >= MAX_COMPARE}
                onCompareToggle={(id) =>
                  update((current) => withParam(current, 'compare', toggleCompare(readCatalogState(current), id)))
                }
              />
            ) : (
              <CardGrid label="Models">
                {rows.map((entry) => (
                  <ModelCard
                    key={entry.model.id}
                    entry={entry}
                    detailsHref={detailsHref(entry.model.id)}
                    servedBy={sourceOf(sources, entry.model.id)}
                    compared={state.compare.includes(entry.model.id)}
                    compareDisabled={state.compare.length >= MAX_COMPARE}
                    onCompareChange={() =>
                      update((current) =>
                        withParam(current, 'compare', toggleCompare(readCatalogState(current), entry.model.id)),
                      )
                    }
                  />
                ))}
              </CardGrid>
            )}
          </CatalogResults>
        </>
      )}
      <ModelDrawer
        entry={selected}
        missingId={state.selected && !selected && models.isSuccess ? state.selected : null}
        plan={state.plan}
        inferenceUrl={config.data?.upstreams.inference}
        servedBy={selected ? sourceOf(sources, selected.model.id) : null}
        onClose={() => update((current) => withParam(current, 'model', null))}
      />
    </>
  )
}

function LoadingCards() {
  return (
    <CardGrid label="Loading models" busy>
      {Array.from({ length: 6 }, (_, i) => (
        <Card key={i} withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Skeleton height={20} width="60%" />
            <Skeleton height={12} width="30%" />
            <Skeleton height={32} />
            <Skeleton height={40} />
          </Stack>
        </Card>
      ))}
    </CardGrid>
  )
}
