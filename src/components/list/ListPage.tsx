import { Button } from '../mantine/Button'
import { Group } from '../mantine/Group'
import { useDeferredValue, useMemo, type ReactNode } from 'react'
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
import { useAccess } from '../../lib/permissions'
import { createVerb, plural, type Resource } from '../../lib/resources'
import { BulkBar } from './BulkBar'
import type { Listed, RowDelete } from './row-delete'
import { useRowSelection } from './use-row-selection'
import {
  completionsOf,
  knownValues,
  matchesTyped,
  parseTypedSearch,
  rowFacets,
  type Completion,
} from '../../lib/typed-filters'
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
    setParams: SetURLSearchParams
    setParam: (key: string, values: string[]) => void
    list: {
      isPending: boolean
      isFetching: boolean
      isPlaceholderData: boolean
      dataUpdatedAt: number
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
  /** How one row is deleted, where the platform allows it: the list then offers bulk delete on ticked rows. */
  remove?: RowDelete<T>
  /** The page's own actions on ticked rows (an instance list's Start and Stop), and their verbs for the hint. */
  bulk?: { verbs: string; actions: (selected: T[], clear: () => void) => ReactNode }
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
export function ListPage<T extends Listed>(props: ListPageProps<T>) {
  const { page } = props
  const { resource, regional, list, names, setParams } = page
  const { rows, sort, complete } = useTypedFilters(page.all, props.shown, page.filters.q, regional ? names : undefined)
  const copy = listCopy(resource)
  const access = useAccess()
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
  // Rows are ticked where something can be done with them: a member whose roles refuse the delete gets no checkboxes.
  const selectable = Boolean(props.bulk) || (props.remove !== undefined && access.may(resource, 'delete'))
  const selection = useRowSelection(rows, plural(resource))
  // No boxes where the table has no room for them (`useRowSelection`): no bulk bar either.
  const selecting = selectable && selection.column !== undefined
  const columns = selecting ? [selection.column!, ...props.columns] : props.columns
  return (
    <>
      <PageHeader title={copy.title} icon={resource.icon} description={props.description} actions={createButton} />
      {props.notice}
      {regional ? (
        <ListFilterBar
          state={regional}
          onParamsChange={(update, replace) => setParams(update, { replace })}
          projects={names.projectOptions}
          regions={resource.api?.lives === 'project' ? undefined : names.regionOptions}
          searchPlaceholder={page.searchPlaceholder}
          complete={complete}
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
              complete={complete}
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
            complete={complete}
          />
        </Group>
      )}
      {selecting && (
        // Always there from a tablet up, so ticking the first row does not push the table down under the pointer.
        <BulkBar
          resource={resource}
          selected={selection.selected}
          onClear={selection.clear}
          organizationID={page.organizationID}
          remove={props.remove}
          verbs={props.bulk?.verbs}
          actions={props.bulk?.actions(selection.selected, selection.clear)}
        />
      )}
      {resultsShown && (
        <ListResults
          label={copy.title}
          noun={resource.noun}
          rows={rows}
          total={page.all.length}
          filtered={page.filters.q !== '' || Boolean(regional?.tags.length) || Boolean(props.extraFiltered)}
          loading={(list.isPending && Boolean(page.organizationID)) || (list.isFetching && list.isPlaceholderData)}
          pending={list.isPending}
          freshness={{
            updatedAt: list.dataUpdatedAt,
            onRefresh: () => void list.refetch(),
          }}
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
          columns={columns}
          rowKey={(row) => row.metadata.id}
          sort={sort}
          setParams={setParams}
          stale={list.isPlaceholderData}
          // A regional row's name carries its tags beneath it.
          rowHeight={regional ? 60 : 56}
        />
      )}
    </>
  )
}

/**
 * The filters typed in the search (`status:error project:ml-research`) applied to the rows the text search left, and
 * what the box offers as the user types: the keys, then the values the rows (states) and the scope (project and
 * region names, on a regional list) know.
 */
function useTypedFilters<T extends Listed>(
  all: readonly T[],
  shown: { rows: T[]; sort: SortState },
  query: string,
  names: Parameters<typeof rowFacets>[1],
) {
  const typed = useMemo(() => parseTypedSearch(query).filters, [query])
  const rows = useMemo(
    () => (typed.length ? shown.rows.filter((row) => matchesTyped(rowFacets(row, names), typed)) : shown.rows),
    [shown.rows, typed, names],
  )
  const known = useMemo(
    () =>
      knownValues(
        all.map((row) => rowFacets(row)),
        names,
      ),
    [all, names],
  )
  const complete = (text: string): Completion[] => completionsOf(text, known)
  return { rows, sort: shown.sort, complete }
}
