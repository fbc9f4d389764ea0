import { Button } from '../mantine/Button'
import { Group } from '../mantine/Group'
import { useDeferredValue, type ReactNode } from 'react'
import type { SetURLSearchParams } from 'react-router'
import { isNotOffered, withTraceIds } from '../../api/errors'
import { withScopedFilter, type RegionalFilterState } from '../../lib/list-filters'
import type { SortState } from '../../lib/sort'
import type { useScopeNames } from '../../lib/use-scope-names'
import { EmptyState } from '../EmptyState'
import { ListFilterBar } from '../ListFilterBar'
import { ListResults } from '../ListResults'
import { PageHeader } from '../PageHeader'
import { SearchField } from '../SearchField'
import type { Column } from '../VirtualTable'
import { createVerb, type Resource } from '../../lib/resources'
import { CreateButton } from './CreateButton'
import { FoldedFilters } from './FoldedFilters'
import { listCopy } from './list-copy'

type ListPageProps<T> = OwnFilters & {
  /** What useList returned: the resource, the URL state, the list query and the names. */
  page: {
    resource: Resource
    searchPlaceholder: string
    regional: RegionalFilterState | undefined
    filters: { q: string }
    organizationID: string
    params: URLSearchParams
    setParams: SetURLSearchParams
    setParam: (key: string, values: string[]) => void
    list: {
      isPending: boolean
      isFetching: boolean
      isPlaceholderData: boolean
      error: Error | null
      refetch: () => Promise<unknown>
    }
    all: readonly T[]
    names: ReturnType<typeof useScopeNames>
  }
  description: string
  /** The create form's link where the list's filters prefill it. */
  createTo?: string
  /** Above the filters: the service accounts' expiry warning. */
  notice?: ReactNode
  /** Between the filters and the results: the instance list's bulk bar. */
  beforeResults?: ReactNode
  /** On a platform that offers no such list, what else still works without it. */
  notListedHint?: string
  /** Why nothing exists yet, or in this scope (the create button follows). */
  emptyDescription: string
  /** What useListRows returned: the rows the search and filters leave, sorted, and that sort. */
  shown: { rows: T[]; sort: SortState }
  columns: Column<T>[]
}

/** The page's own filters beside search, whether any of them is set, and the no-match sentence that names them. */
type OwnFilters =
  | { extraFilters?: undefined; extraFiltered?: undefined; noMatchDescription?: undefined }
  | { extraFilters: ReactNode; extraFiltered: boolean; noMatchDescription?: string }

/**
 * A list page: header, search (and, for a regional list, its project, region and tag filters), the page's own
 * filters, and the results, or why there are none.
 */
export function ListPage<T extends { metadata: { id: string } }>(props: ListPageProps<T>) {
  const { page } = props
  const { rows, sort } = props.shown
  const { resource, regional, list, names, params, setParams } = page
  const copy = listCopy(resource)
  // Undefined, not an empty element, where there is no form: the header and the empty state keep no room for it.
  const createButton = resource.create ? <CreateButton resource={resource} to={props.createTo} /> : undefined
  // A regional list's project and region filter it as much as the search does: a search that finds nothing says so,
  // and clearing lifts them too (an empty URL would take the scope's default back).
  const scopeNames = [
    ...(regional?.projectIds ?? []).map((id) => names.projectName.get(id) ?? id),
    ...(regional?.regionIds ?? []).map((id) => names.regionName.get(id) ?? id),
  ]
  const scoped = scopeNames.length > 0
  const noMatchDescription =
    props.noMatchDescription ??
    (regional ? 'Nothing matches the search and tag filters.' : 'Nothing matches the search.')
  const unavailable = isNotOffered(list.error) ? (
    <EmptyState
      title={copy.notListed}
      description={[copy.notListedHelp(resource.create && createVerb(resource)), props.notListedHint]
        .filter(Boolean)
        .join(' ')}
      action={createButton}
    />
  ) : list.error && !list.isPlaceholderData ? (
    <EmptyState
      kind="error"
      title={`${copy.title} could not be loaded`}
      description={withTraceIds(list.error.message, list.error)}
      action={
        <Button variant="light" onClick={() => void list.refetch()}>
          Try again
        </Button>
      }
    />
  ) : undefined
  // The header and the filters paint in the page's first commit, the rows in the render after it: rendered in one
  // task, a long list's rows held the heading back for as long as they took to render.
  const resultsShown = useDeferredValue(true, false)
  return (
    <>
      <PageHeader title={copy.title} description={props.description} actions={createButton} />
      {props.notice}
      {regional ? (
        <ListFilterBar
          state={regional}
          params={params}
          onParamsChange={(next, replace) => setParams(next, { replace })}
          projects={names.projectOptions}
          regions={resource.api?.lives === 'project' ? undefined : names.regionOptions}
          searchPlaceholder={page.searchPlaceholder}
          childrenActive={props.extraFiltered ? 1 : 0}
        >
          {props.extraFilters}
        </ListFilterBar>
      ) : props.extraFilters ? (
        <FoldedFilters
          active={props.extraFiltered ? 1 : 0}
          search={
            <SearchField
              value={page.filters.q}
              onChange={(value) => page.setParam('q', [value])}
              placeholder={page.searchPlaceholder}
            />
          }
        >
          {props.extraFilters}
        </FoldedFilters>
      ) : (
        <Group gap="md" mb="md" align="center" wrap="wrap">
          <SearchField
            value={page.filters.q}
            onChange={(value) => page.setParam('q', [value])}
            placeholder={page.searchPlaceholder}
          />
        </Group>
      )}
      {props.beforeResults}
      {resultsShown && (
        <ListResults
          label={copy.title}
          noun={resource.noun}
          rows={rows}
          total={page.all.length}
          filtered={page.filters.q !== '' || Boolean(regional?.tags.length) || Boolean(props.extraFiltered)}
          loading={(list.isPending && Boolean(page.organizationID)) || (list.isFetching && list.isPlaceholderData)}
          pending={list.isPending}
          unavailable={unavailable}
          empty={{
            title: regional ? copy.noneInScope : copy.noneYet(Boolean(resource.create)),
            description: props.emptyDescription,
            // The empty state's next action: for a caller whose roles refuse it, the reason rather than a dead button.
            action: resource.create && <CreateButton resource={resource} to={props.createTo} refused="reason" />,
          }}
          noMatch={{
            title: copy.noneMatch,
            description: (
              <>
                {noMatchDescription}
                {scoped && ` The list shows ${scopeNames.join(' and ')} only: the project and region filter it too.`}
              </>
            ),
            // With search the only filter, the way back clears the search.
            ...(!regional && props.extraFilters === undefined && { clearLabel: 'Clear search' }),
            ...(scoped && {
              clearLabel: 'Clear filters, project and region',
              clearTo: withScopedFilter(withScopedFilter(new URLSearchParams(), 'project', []), 'region', []),
            }),
          }}
          columns={props.columns}
          rowKey={(row) => row.metadata.id}
          sort={sort}
          params={params}
          setParams={setParams}
          stale={list.isPlaceholderData}
          // A regional row's name carries its tags beneath it.
          rowHeight={regional ? 60 : 56}
        />
      )}
    </>
  )
}
