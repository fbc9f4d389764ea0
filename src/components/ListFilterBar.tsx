import { useState } from 'react'
import { parseTag } from '../lib/format'
import { withScopedFilter, withParam, type RegionalFilterState } from '../lib/list-filters'
import { setScope } from '../lib/scope'
import type { Completion } from '../lib/typed-filters'
import { FilterSelect } from './list/FilterSelect'
import { FILTER_WIDTHS } from './list/filter-widths'
import { FoldedFilters } from './list/FoldedFilters'
import { TagFilter } from './list/TagFilter'
import { SearchField } from './SearchField'

interface Option {
  value: string
  label: string
}

interface ListFilterBarProps {
  state: RegionalFilterState
  /** replace: true for keystrokes, so typing does not fill the history. */
  /** Builds the next parameters from the newest address (`useUrlParams`). */
  onParamsChange: (update: (params: URLSearchParams) => URLSearchParams, replace: boolean) => void
  projects: Option[]
  /** None for a resource of a project alone, which no region filters. */
  regions?: Option[]
  organizations?: Option[]
  searchPlaceholder: string
  /** What the search completes the word being typed to: a typed filter (`status:error`). */
  complete?: (text: string) => Completion[]
  /** The page's own filters, after these. */
  children?: React.ReactNode
  /** How many of the page's own filters are set. */
  childrenActive?: number
}

/**
 * Search, project, region and tag filters of a regional list, all kept in the URL, which the header's scope pickers
 * read too; a single project or region chosen here also becomes the stored scope the next page starts from.
 */
export function ListFilterBar({
  state,
  onParamsChange,
  projects,
  regions,
  organizations = [],
  searchPlaceholder,
  complete,
  children,
  childrenActive = 0,
}: ListFilterBarProps) {
  const [tagError, setTagError] = useState<string>()
  const withSelected = (options: Option[], selected: string[]) => [
    ...options,
    ...selected.filter((id) => !options.some((o) => o.value === id)).map((id) => ({ value: id, label: id })),
  ]
  // The organization counts only where it is a filter here: otherwise it is the scope every list is in.
  const shown = [organizations.length > 1 && state.organizationIds, state.projectIds, state.regionIds, state.tags]
  const active = shown.filter((set) => set && set.length > 0).length + childrenActive
  return (
    <FoldedFilters
      active={active}
      search={
        <SearchField
          value={state.q}
          onChange={(value) => onParamsChange((params) => withParam(params, 'q', [value]), true)}
          placeholder={searchPlaceholder}
          width={FILTER_WIDTHS.search}
          complete={complete}
        />
      }
    >
      {organizations.length > 1 && (
        <FilterSelect
          aria-label="Organizations"
          placeholder="All organizations"
          data={withSelected(organizations, state.organizationIds)}
          value={state.organizationIds}
          onChange={(values) => onParamsChange((params) => withScopedFilter(params, 'organization', values), false)}
          width={FILTER_WIDTHS.organizations}
        />
      )}
      <FilterSelect
        aria-label="Projects"
        placeholder="All projects"
        data={withSelected(projects, state.projectIds)}
        value={state.projectIds}
        onChange={(values) => {
          // One project or none is a scope the other pages can follow; several stay this list's own view.
          if (values.length <= 1) setScope({ projectId: values[0] })
          onParamsChange((params) => withScopedFilter(params, 'project', values), false)
        }}
        width={FILTER_WIDTHS.projects}
        searchable
      />
      {regions && (
        <FilterSelect
          aria-label="Regions"
          placeholder="All regions"
          data={withSelected(regions, state.regionIds)}
          value={state.regionIds}
          onChange={(values) => {
            if (values.length <= 1) setScope({ regionId: values[0] })
            onParamsChange((params) => withScopedFilter(params, 'region', values), false)
          }}
          width={FILTER_WIDTHS.regions}
        />
      )}
      <TagFilter
        aria-label="Tags"
        placeholder={state.tags.length ? 'name=value' : 'Filter by tag: name=value'}
        value={state.tags.map((t) => `${t.name}=${t.value}`)}
        error={tagError}
        onChange={(values) => {
          const bad = values.find((v) => !parseTag(v))
          if (bad) {
            setTagError(`"${bad}" is not a tag: write name=value, e.g. env=prod.`)
            return
          }
          setTagError(undefined)
          onParamsChange((params) => withParam(params, 'tag', values), false)
        }}
      />
      {children}
    </FoldedFilters>
  )
}
