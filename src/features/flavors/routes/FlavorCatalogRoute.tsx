import { Group } from '../../../components/mantine/Group'
import { LoadingRows } from '../../../components/LoadingRows'
import { Text } from '../../../components/mantine/Text'
import { TextInput } from '../../../components/mantine/TextInput'
import { useQuery } from '@tanstack/react-query'
import { useDeferredValue, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { isNotOffered } from '../../../api/errors'

import type { Flavor } from '../../../api/schemas/regional'
import { CardGrid, CatalogLoadError, CatalogResults, RegionSelect, ViewToggle } from '../../../components/catalog'
import { EmptyState } from '../../../components/EmptyState'
import { PageHeader } from '../../../components/PageHeader'
import { resources } from '../../../lib/resources'
import { paths } from '../../../lib/paths'
import { browserSideSearch } from '../../../lib/route-module'
import { REGION_CATALOGS } from '../../../lib/catalog-reads'
import { catalogRegionLoader, useCatalogRegion } from '../../../lib/catalog-region'
import { withParam } from '../../../lib/list-filters'
import { formatCount } from '../../../lib/format'
import { formatSort } from '../../../lib/sort'
import { clearFilters, hasFilters, readFlavorState, selectFlavors } from '../flavor-catalog'
import { FlavorCard } from '../components/FlavorCard'
import { FlavorFilters } from '../components/FlavorFilters'
import { FlavorTable } from '../components/FlavorTable'
import { q } from '../../../api/endpoint'
import { useSelectA11y } from '../../../lib/use-select-a11y'

export const loader = catalogRegionLoader(REGION_CATALOGS.flavors)

// Everything in the URL is browser-side; a new region's flavors are fetched by the page's own query.
export const shouldRevalidate = browserSideSearch()

export function Component() {
  const regionA11y = useSelectA11y()
  const [params, setParams] = useSearchParams()
  const state = readFlavorState(params)
  const update = (next: URLSearchParams, replace = false) => setParams(next, { replace, preventScrollReset: true })

  const catalog = useCatalogRegion(state.region)
  const { organizationID, regions, regionID } = catalog
  const flavors = useQuery({
    ...q(REGION_CATALOGS.flavors, { organizationID, regionID }),
    enabled: Boolean(organizationID && regionID),
  })

  const all = useMemo(() => flavors.data ?? [], [flavors.data])
  const query = useDeferredValue(state.q)
  const rows = useMemo(() => selectFlavors(all, { ...state, q: query }), [all, state, query])
  const createHref = (flavor: Flavor) => paths.instances.new({ flavor: flavor.metadata.id, region: regionID })

  const regionPicker = isNotOffered(regions.error) ? (
    <TextInput
      label="Flavors in region (id)"
      description="This platform cannot list regions."
      value={regionID}
      onChange={(event) => update(withParam(params, 'region', event.currentTarget.value.trim() || null), true)}
      w={220}
    />
  ) : (
    <RegionSelect
      {...regionA11y}
      label="Flavors in region"
      catalog={catalog}
      onChange={(value) => update(withParam(params, 'region', value))}
    />
  )
  const viewToggle = (
    <ViewToggle
      views={['table', 'cards']}
      value={state.view}
      onChange={(view) => update(withParam(params, 'view', view))}
    />
  )

  return (
    <>
      <PageHeader
        title="Flavors"
        icon={resources.flavors.icon}
        description="Machine sizes an instance can have in a region: vCPUs, memory in GiB, local disk in GB, and GPUs."
        actions={
          <Group gap="sm" align="flex-end">
            {organizationID && regionPicker}
            {viewToggle}
          </Group>
        }
      />
      {!organizationID ? (
        <EmptyState
          title="Choose an organization"
          description="Flavors are offered per organization and region. Pick an organization in the scope switcher at the top."
        />
      ) : !regionID ? (
        regions.isPending ? (
          <LoadingRows label="Loading flavors" />
        ) : (
          <EmptyState
            title="Choose a region"
            description="Flavors differ between regions. Pick one to see what it offers."
          />
        )
      ) : flavors.isPending ? (
        <LoadingRows label="Loading flavors" />
      ) : flavors.isError ? (
        <CatalogLoadError
          title="The flavors could not be loaded"
          message={flavors.error.message}
          error={flavors.error}
          retrying={flavors.isFetching}
          onRetry={() => void flavors.refetch()}
        />
      ) : all.length === 0 ? (
        <EmptyState
          title="No flavors in this region"
          description="This region offers no machine sizes to the organization. Try another region."
        />
      ) : (
        <>
          <FlavorFilters state={state} params={params} onParamsChange={update} flavors={all} />
          <Text size="sm" c="dimmed" mb="xs" aria-live="polite">
            {formatCount(rows.length, all.length, ['flavor', 'flavors'])}
          </Text>
          <CatalogResults
            shown={rows.length}
            filtered={hasFilters(state)}
            noMatch={{ title: 'No flavors match', description: 'Nothing matches the search and filters.' }}
            onClear={() => update(clearFilters(params), true)}
          >
            {state.view === 'table' ? (
              <FlavorTable
                rows={rows}
                sort={state.sort}
                onSortChange={(sort) => update(withParam(params, 'sort', formatSort(sort)), true)}
                createHref={createHref}
              />
            ) : (
              <CardGrid label="Flavors">
                {rows.map((flavor) => (
                  <FlavorCard key={flavor.metadata.id} flavor={flavor} createHref={createHref(flavor)} />
                ))}
              </CardGrid>
            )}
          </CatalogResults>
        </>
      )}
    </>
  )
}
