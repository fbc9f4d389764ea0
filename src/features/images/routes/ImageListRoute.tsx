import { Group } from '../../../components/mantine/Group'
import { LoadingRows } from '../../../components/LoadingRows'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { useQuery } from '@tanstack/react-query'
import { useDeferredValue, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { q } from '../../../api/endpoint'
import { CatalogLoadError, RegionSelect } from '../../../components/catalog'
import { EmptyState } from '../../../components/EmptyState'
import { FilterSelect } from '../../../components/list/FilterSelect'
import { FoldedFilters } from '../../../components/list/FoldedFilters'
import { PageHeader } from '../../../components/PageHeader'
import { SearchField } from '../../../components/SearchField'
import { REGION_CATALOGS } from '../../../lib/catalog-reads'
import { catalogRegionLoader, useCatalogRegion } from '../../../lib/catalog-region'
import { withParam } from '../../../lib/list-filters'
import { paths } from '../../../lib/paths'
import { browserSideSearch } from '../../../lib/route-module'
import { ORIGIN_LABELS, isSettling, readImageFilters, selectImages } from '../image-list'
import { ImageTable } from '../components/ImageTable'
import { CreateButton } from '../../../components/list/CreateButton'
import { resources } from '../../../lib/resources'
import { formatCount } from '../../../lib/format'

export const loader = catalogRegionLoader(REGION_CATALOGS.images)

// Everything in the URL is browser-side; a new region's images are fetched by the page's own query.
export const shouldRevalidate = browserSideSearch()

export function Component() {
  const [params, setParams] = useSearchParams()
  const filters = readImageFilters(params)
  const update = (next: URLSearchParams, replace = false) => setParams(next, { replace, preventScrollReset: true })

  const catalog = useCatalogRegion(params.get('region'))
  const { organizationID, regionID } = catalog
  const images = useQuery({
    ...q(REGION_CATALOGS.images, { organizationID, regionID }),
    enabled: Boolean(organizationID && regionID),
    refetchInterval: (query) => (query.state.data?.some(isSettling) ? 1000 : false),
  })
  const query = useDeferredValue(filters.q)
  const all = useMemo(() => images.data ?? [], [images.data])
  const rows = useMemo(() => selectImages(all, { ...filters, q: query }), [all, filters, query])
  const systems = [...new Set(all.map((image) => image.spec?.os?.distro).filter((d): d is string => Boolean(d)))]

  return (
    <>
      <PageHeader
        title="Images"
        icon={resources.images.icon}
        description="What an instance boots from in a region: the platform's images, and your organization's own: snapshots of its instances and images it imported."
        actions={
          organizationID && (
            <Group gap="sm" align="flex-end">
              <RegionSelect
                label="Images in region"
                catalog={catalog}
                onChange={(value) => update(withParam(params, 'region', value))}
              />
              <CreateButton resource={resources.images} to={paths.images.new({ region: regionID || undefined })} />
            </Group>
          )
        }
      />
      {!organizationID ? (
        <EmptyState
          title="Choose an organization"
          description="Images are offered per organization and region. Pick an organization in the scope switcher at the top."
        />
      ) : images.isError ? (
        <CatalogLoadError
          title="The images could not be loaded"
          message={images.error.message}
          error={images.error}
          retrying={images.isFetching}
          onRetry={() => void images.refetch()}
        />
      ) : !images.data ? (
        <LoadingRows label="Loading images" rows={3} height={36} />
      ) : (
        <>
          <FoldedFilters
            active={[filters.origin, filters.os].filter((values) => values.length > 0).length}
            search={
              <SearchField
                value={filters.q}
                onChange={(value) => update(withParam(params, 'q', value || null), true)}
                placeholder="Search by name, system or driver"
              />
            }
          >
            <FilterSelect
              aria-label="Provided by"
              placeholder="Anyone's"
              data={Object.entries(ORIGIN_LABELS).map(([value, label]) => ({ value, label }))}
              value={filters.origin}
              onChange={(values) => update(withParam(params, 'origin', values))}
              width={200}
            />
            <FilterSelect
              aria-label="Operating system"
              placeholder="Any system"
              data={systems.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }))}
              value={filters.os}
              onChange={(values) => update(withParam(params, 'os', values))}
              width={180}
            />
          </FoldedFilters>
          <Stack gap="md">
            <Text size="sm" c="dimmed" role="status">
              {formatCount(rows.length, all.length, ['image', 'images'])}
            </Text>
            {rows.length === 0 ? (
              <EmptyState
                title="No image matches"
                description="Clear the search or the filters to see every image of the region."
              />
            ) : (
              <ImageTable rows={rows} regionID={regionID} />
            )}
          </Stack>
        </>
      )}
    </>
  )
}
