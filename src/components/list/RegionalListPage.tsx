import type { ReactNode } from 'react'
import type { SetURLSearchParams } from 'react-router'
import { withScopedFilter, type RegionalFilterState } from '../../lib/list-filters'
import type { SortState } from '../../lib/sort'
import type { useScopeNames } from '../../lib/use-scope-names'
import { ListFilterBar } from '../ListFilterBar'
import { ListResults } from '../ListResults'
import { PageHeader } from '../PageHeader'
import type { Column } from '../VirtualTable'
import type { Resource } from '../../lib/resources'
import { CreateButton } from './CreateButton'
import { listCopy } from './list-copy'

interface RegionalListPageProps<T> {
  /** What the page lists: its words, its create form and the permission that form asks. */
  resource: Resource
  /** What useRegionalList returned: the URL state, the list query and the scope's names. */
  page: {
    filters: RegionalFilterState
    params: URLSearchParams
    setParams: SetURLSearchParams
    list: { isFetching: boolean; isPlaceholderData: boolean }
    all: readonly T[]
    names: ReturnType<typeof useScopeNames>
  }
  description: string
  /** The create form's link where the list's filters prefill it. */
  createTo?: string
  searchPlaceholder: string
  /** Why nothing exists in this scope (the create button follows). */
  emptyDescription: string
  /** What hides every row, where the page's own filters join search and tags. */
  noMatchDescription?: ReactNode
  /** The page's own filters beside search, projects, regions and tags, and whether any of them is set. */
  extraFilters?: ReactNode
  extraFiltered?: boolean
  /** Between the filters and the results: the instance list's bulk bar. */
  beforeResults?: ReactNode
  rows: T[]
  columns: Column<T>[]
  sort: SortState
}

/** A regional list page (networks, security groups, file storage, instances): header, URL filters and results. */
export function RegionalListPage<T extends { metadata: { id: string } }>(props: RegionalListPageProps<T>) {
  const { page, resource, rows } = props
  const { filters, params, setParams, list, all, names } = page
  const copy = listCopy(resource)
  const createButton = <CreateButton resource={resource} to={props.createTo} />
  // The scope's project and region filter the list as much as the search does: a search that finds nothing says so,
  // and clearing lifts them too (an empty URL would take the scope's default back).
  const scopeNames = [
    ...filters.projectIds.map((id) => names.projectName.get(id) ?? id),
    ...filters.regionIds.map((id) => names.regionName.get(id) ?? id),
  ]
  const scoped = scopeNames.length > 0
  return (
    <>
      <PageHeader title={copy.title} description={props.description} actions={createButton} />
      <ListFilterBar
        state={filters}
        params={params}
        onParamsChange={(next, replace) => setParams(next, { replace })}
        projects={names.projectOptions}
        regions={names.regionOptions}
        searchPlaceholder={props.searchPlaceholder}
      >
        {props.extraFilters}
      </ListFilterBar>
      {props.beforeResults}
      <ListResults
        label={copy.title}
        noun={resource.noun}
        rows={rows}
        total={all.length}
        filtered={filters.q !== '' || filters.tags.length > 0 || Boolean(props.extraFiltered)}
        loading={list.isFetching && list.isPlaceholderData}
        empty={{
          title: copy.noneInScope,
          description: props.emptyDescription,
          action: <CreateButton resource={resource} to={props.createTo} refused="reason" />,
        }}
        noMatch={{
          title: copy.noneMatch,
          description: (
            <>
              {props.noMatchDescription ?? 'Nothing matches the search and tag filters.'}
              {scoped && ` The list shows ${scopeNames.join(' and ')} only: the project and region filter it too.`}
            </>
          ),
          ...(scoped && {
            clearLabel: 'Clear filters, project and region',
            clearTo: withScopedFilter(withScopedFilter(new URLSearchParams(), 'project', []), 'region', []),
          }),
        }}
        columns={props.columns}
        rowKey={(row) => row.metadata.id}
        sort={props.sort}
        params={params}
        setParams={setParams}
        stale={list.isPlaceholderData}
        rowHeight={60}
      />
    </>
  )
}
