import { Alert, Button, Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { useDeferredValue, useEffect, useMemo, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { isApiError } from '../../../api/errors'

import { consoleConfigQuery } from '../../../api/session'

import { EmptyState } from '../../../components/EmptyState'
import { PageHeader } from '../../../components/PageHeader'
import { paths } from '../../../lib/paths'
import { browserSideSearch } from '../../../lib/route-module'
import { useStoredScope } from '../../../lib/scope'
import { ensureScope } from '../../../lib/scope-loader'
import { formatSort } from '../../../lib/sort'
import {
  clearFilters,
  distinct,
  hasFilters,
  licenseNames,
  MAX_COMPARE,
  priceModels,
  readCatalogState,
  selectModels,
  toggleCompare,
  withParam,
} from '../catalog-state'
import { CatalogFilters, SortSelect } from '../components/CatalogFilters'
import { CompareModels } from '../components/CompareModels'
import { CostPlan } from '../components/CostPlan'
import { ModelCard } from '../components/ModelCard'
import { ModelDrawer } from '../components/ModelDrawer'
import { ModelTable } from '../components/ModelTable'
import { q } from '../../../api/endpoint'
import { modelApi } from '../../../api/catalogs'

export function loader(queryClient: QueryClient) {
  return async () => {
    const scope = await ensureScope(queryClient)
    // prefetch, not ensure: a failed listing is shown in place with a retry, not as a broken page.
    if (scope.organizationId)
      await queryClient.prefetchQuery(q(modelApi.list, { organizationID: scope.organizationId }))
    return null
  }
}

// Search, filters, sort, view, drawer and calculator are all browser-side state in the URL.
export const shouldRevalidate = browserSideSearch()

export function Component() {
  const { organizationId } = useStoredScope()
  const [params, setParams] = useSearchParams()
  const state = readCatalogState(params)
  const models = useQuery({
    ...q(modelApi.list, { organizationID: organizationId ?? '' }),
    enabled: Boolean(organizationId),
  })
  const config = useQuery(consoleConfigQuery())

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
  const priced = useMemo(() => priceModels(models.data ?? [], state.plan), [models.data, state.plan])
  const rows = selectModels(priced, { ...state, q: query })
  const types = distinct(priced.map(({ model }) => model.model_type))
  const developers = distinct(priced.map(({ model }) => model.developer))
  const licenses = distinct(priced.flatMap(({ model }) => licenseNames(model)))
  const compared = state.compare.flatMap((id) => priced.filter(({ model }) => model.id === id))
  const selected = priced.find(({ model }) => model.id === state.selected)

  const viewToggle = (
    <SegmentedControl
      aria-label="View"
      value={state.view}
      onChange={(view) => update((current) => withParam(current, 'view', view === 'cards' ? null : view))}
      data={[
        { value: 'cards', label: 'Cards' },
        { value: 'table', label: 'Table' },
      ]}
    />
  )

  return (
    <>
      <PageHeader
        title="Model catalog"
        description="Open models behind an OpenAI-compatible API, priced per million tokens. Filter, compare and price them for your usage."
        actions={viewToggle}
      />
      {!organizationId ? (
        <EmptyState
          title="Choose an organization"
          description="Models are offered per organization. Pick one in the scope switcher at the top to see its catalog and prices."
        />
      ) : models.isPending ? (
        <LoadingCards />
      ) : models.isError ? (
        <Alert color="red" title="The model catalog could not be loaded" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {models.error.message}
              {isApiError(models.error) && models.error.status >= 500
                ? ' The service had a problem; trying again usually helps.'
                : ''}
            </Text>
            <Button size="xs" onClick={() => void models.refetch()} loading={models.isFetching}>
              Try again
            </Button>
          </Stack>
        </Alert>
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
          />
          <CatalogFilters
            state={state}
            onParamsChange={update}
            types={types}
            developers={developers}
            licenses={licenses}
          />
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
              {rows.length === priced.length ? `${priced.length} models` : `${rows.length} of ${priced.length} models`}
              {compared.length === 1
                ? ' · pick one more to compare'
                : compared.length === 0
                  ? ` · tick up to ${MAX_COMPARE} to compare`
                  : ''}
            </Text>
            {state.view === 'cards' && <SortSelect state={state} onParamsChange={update} />}
          </Group>
          {rows.length === 0 ? (
            <EmptyState
              title="No models match"
              description="Nothing matches the search and filters. Widen the price or context limits, or clear the filters."
              action={
                <Button variant="light" onClick={() => update(clearFilters, true)}>
                  Clear filters
                </Button>
              }
            />
          ) : state.view === 'table' ? (
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
            <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md" aria-label="Models" component="section">
              {rows.map((entry) => (
                <ModelCard
                  key={entry.model.id}
                  entry={entry}
                  detailsHref={detailsHref(entry.model.id)}
                  compared={state.compare.includes(entry.model.id)}
                  compareDisabled={state.compare.length >= MAX_COMPARE}
                  onCompareChange={() =>
                    update((current) =>
                      withParam(current, 'compare', toggleCompare(readCatalogState(current), entry.model.id)),
                    )
                  }
                />
              ))}
            </SimpleGrid>
          )}
          {hasFilters(state) && rows.length > 0 ? (
            <Group justify="center" mt="md">
              <Button variant="subtle" size="xs" onClick={() => update(clearFilters, true)}>
                Clear filters
              </Button>
            </Group>
          ) : null}
        </>
      )}
      <ModelDrawer
        entry={selected}
        missingId={state.selected && !selected && models.isSuccess ? state.selected : null}
        plan={state.plan}
        inferenceUrl={config.data?.upstreams.inference}
        onClose={() => update((current) => withParam(current, 'model', null))}
      />
    </>
  )
}

function LoadingCards() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md" aria-busy="true" aria-label="Loading models">
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
    </SimpleGrid>
  )
}
