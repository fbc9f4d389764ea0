import { SegmentedControl } from '../../../components/mantine/SegmentedControl'
import { DeferredSelect } from '../../../components/DeferredSelect'
import { SearchField } from '../../../components/SearchField'
import { FilterSelect } from '../../../components/list/FilterSelect'
import { FoldedFilters } from '../../../components/list/FoldedFilters'
import { formatSort, sortOptionsWith } from '../../../lib/sort'
import { withParam } from '../../../lib/list-filters'
import { useMemo } from 'react'
import type { Flavor } from '../../../api/schemas/regional'
import { DEFAULT_SORT, gpuCountsOf, gpuModelsOf, type FlavorCatalogState } from '../flavor-catalog'
import { useSelectA11y } from '../../../lib/use-select-a11y'

interface FlavorFiltersProps {
  state: FlavorCatalogState
  params: URLSearchParams
  /** replace: true for keystrokes, so typing does not fill the history. */
  onParamsChange: (params: URLSearchParams, replace: boolean) => void
  /** The region's flavors: the GPU filters offer the models and counts found among them. */
  flavors: readonly Flavor[]
}

const SORT_OPTIONS = [
  { value: 'name', label: 'Name, A to Z' },
  { value: '-cpus', label: 'vCPUs, most first' },
  { value: 'cpus', label: 'vCPUs, fewest first' },
  { value: '-memory', label: 'Memory, most first' },
  { value: 'memory', label: 'Memory, least first' },
  { value: '-gpuMemory', label: 'GPU memory per GPU, most first' },
  { value: 'gpuMemory', label: 'GPU memory per GPU, least first' },
  { value: '-gpuMemoryTotal', label: 'GPU memory in all, most first' },
  { value: '-gpus', label: 'GPUs, most first' },
  { value: '-disk', label: 'Disk, most first' },
]

export function FlavorFilters({ state, params, onParamsChange, flavors }: FlavorFiltersProps) {
  const sortA11y = useSelectA11y()
  const gpuModels = useMemo(() => gpuModelsOf(flavors), [flavors])
  const gpuCounts = useMemo(() => gpuCountsOf(flavors), [flavors])
  const sortValue = formatSort(state.sort)
  const sortOptions = sortOptionsWith(SORT_OPTIONS, state.sort)
  const gpuFiltersOff = state.kind === 'cpu'
  // The sort is not a filter: set, it is seen in the order, not counted on the phone's Filters button.
  const active = [state.kind !== 'all', state.gpuModels.length > 0, state.gpuCounts.length > 0].filter(Boolean).length
  return (
    <FoldedFilters
      labelled
      active={active}
      search={
        <SearchField
          label="Search"
          placeholder="Name, CPU or GPU model"
          value={state.q}
          onChange={(value) => onParamsChange(withParam(params, 'q', value || null), true)}
          width={220}
        />
      }
    >
      <SegmentedControl
        aria-label="Flavor type"
        value={state.kind}
        onChange={(value) => onParamsChange(withParam(params, 'kind', value === 'all' ? null : value), false)}
        data={[
          { value: 'all', label: 'All' },
          { value: 'gpu', label: 'GPU' },
          { value: 'cpu', label: 'CPU only' },
        ]}
      />
      <FilterSelect
        label="GPU model"
        placeholder="Any model"
        data={gpuModels}
        value={state.gpuModels}
        onChange={(values) => onParamsChange(withParam(params, 'gpuModel', values), false)}
        disabled={gpuFiltersOff}
        width={200}
      />
      <FilterSelect
        label="GPU count"
        placeholder="Any count"
        data={gpuCounts.map((count) => ({ value: String(count), label: `${count} GPU${count === 1 ? '' : 's'}` }))}
        value={state.gpuCounts.map(String)}
        onChange={(values) => onParamsChange(withParam(params, 'gpuCount', values), false)}
        disabled={gpuFiltersOff}
        width={180}
      />
      <DeferredSelect
        {...sortA11y}
        label="Sort by"
        data={sortOptions}
        value={sortValue}
        onChange={(value) =>
          onParamsChange(withParam(params, 'sort', value && value !== formatSort(DEFAULT_SORT) ? value : null), false)
        }
        allowDeselect={false}
        w={{ base: '100%', sm: 250 }}
      />
    </FoldedFilters>
  )
}
