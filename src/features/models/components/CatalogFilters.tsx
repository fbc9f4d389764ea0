import { Group } from '../../../components/mantine/Group'
import { SegmentedControl } from '../../../components/mantine/SegmentedControl'
import { DeferredSelect } from '../../../components/DeferredSelect'
import { formatSort, parseSort, sortOptionsWith } from '../../../lib/sort'
import { withParam } from '../../../lib/list-filters'
import { DEFAULT_SORT, distinct, licenseNames, SORT_KEYS, type CatalogState, type PricedModel } from '../catalog-state'
import { formatContext, formatModelType } from '../model-format'
import Big from 'big.js'
import { NumberText, numberText } from '../../../components/form/NumberText'
import { numberGrouping } from '../../../lib/number-grouping'
import { formatPrice } from '../../../lib/pricing'
import { FilterSelect } from '../../../components/list/FilterSelect'
import { SearchField } from '../../../components/SearchField'
import { useSelectA11y } from '../../../lib/use-select-a11y'

interface CatalogFiltersProps {
  state: CatalogState
  /** Applies a change to the latest URL parameters; replace: true for keystrokes, so typing does not fill the history. */
  onParamsChange: (change: (current: URLSearchParams) => URLSearchParams, replace: boolean) => void
  /** The catalog the filters narrow: they offer the types, developers and licenses found in it. */
  models: readonly PricedModel[]
}

/** A price limit in dollars per million tokens; empty is no limit. */
// Written as the reader's language writes numbers and dollars, as the field reads them.
function priceProblem(value: number | undefined): string | undefined {
  if (value === undefined) return undefined
  if (Number.isNaN(value)) return `Write the price in digits, like ${numberText(0.5)}.`
  if (value <= 0) return `The price limit is above ${formatPrice(new Big(0))}.`
  if (value > 1_000_000) return `The price limit is at most ${formatPrice(new Big(1_000_000))}.`
  return undefined
}

/** The field's dollar sign, where the reader's language writes it: before the amount in English, after it in German. */
function dollarSign(): { leftSection?: string; rightSection?: string } {
  const dollars = numberGrouping()?.dollars
  const after = dollars?.suffix.trim()
  return dollars && after && !dollars.prefix.trim()
    ? { rightSection: after }
    : { leftSection: dollars?.prefix.trim() || '$' }
}

const CONTEXT_STEPS = [8192, 32768, 65536, 131072]

const SORT_OPTIONS = [
  { value: 'name', label: 'Name, A to Z' },
  { value: 'input', label: 'Input price, lowest first' },
  { value: '-input', label: 'Input price, highest first' },
  { value: 'output', label: 'Output price, lowest first' },
  { value: '-output', label: 'Output price, highest first' },
  { value: 'cost', label: 'Your plan, cheapest first' },
  { value: '-context', label: 'Context length, longest first' },
  { value: '-parameters', label: 'Parameters, largest first' },
  { value: 'parameters', label: 'Parameters, smallest first' },
]

/** The order of the cards (the table also sorts by its headers). */
export function SortSelect({ state, onParamsChange }: Pick<CatalogFiltersProps, 'state' | 'onParamsChange'>) {
  const sortA11y = useSelectA11y()
  const sortValue = formatSort(state.sort)
  const sortOptions = sortOptionsWith(SORT_OPTIONS, state.sort)
  return (
    <DeferredSelect
      {...sortA11y}
      aria-label="Sort by"
      data={sortOptions}
      value={sortValue}
      onChange={(value) =>
        onParamsChange(
          (current) =>
            withParam(
              current,
              'sort',
              value && value !== formatSort(DEFAULT_SORT)
                ? formatSort(parseSort(value, SORT_KEYS, DEFAULT_SORT))
                : null,
            ),
          false,
        )
      }
      allowDeselect={false}
      w={240}
      size="xs"
    />
  )
}

export function CatalogFilters({ state, onParamsChange, models }: CatalogFiltersProps) {
  const contextA11y = useSelectA11y()
  const types = distinct(models.map(({ model }) => model.model_type))
  const developers = distinct(models.map(({ model }) => model.developer))
  const licenses = distinct(models.flatMap(({ model }) => licenseNames(model)))
  return (
    // One row at 1440 px (the search's placeholder whole); it wraps only on narrower screens.
    <Group gap="sm" mb="md" align="center" wrap="wrap">
      <SearchField
        value={state.q}
        onChange={(value) => onParamsChange((current) => withParam(current, 'q', value), true)}
        placeholder="Search models"
        width={190}
      />
      <SegmentedControl
        aria-label="Model type"
        value={state.type ?? 'all'}
        onChange={(value) =>
          onParamsChange((current) => withParam(current, 'type', value === 'all' ? null : value), false)
        }
        data={[{ value: 'all', label: 'All' }, ...types.map((type) => ({ value: type, label: formatModelType(type) }))]}
      />
      <FilterSelect
        aria-label="Developer"
        placeholder="Any developer"
        data={developers}
        value={state.developers}
        onChange={(values) => onParamsChange((current) => withParam(current, 'developer', values), false)}
        width={160}
        searchable
      />
      <FilterSelect
        aria-label="License"
        placeholder="Any license"
        data={licenses}
        value={state.licenses}
        onChange={(values) => onParamsChange((current) => withParam(current, 'license', values), false)}
        width={170}
        searchable
      />
      <DeferredSelect
        {...contextA11y}
        aria-label="Minimum context"
        data={[
          { value: 'any', label: 'Any context' },
          ...CONTEXT_STEPS.map((tokens) => ({ value: String(tokens), label: `${formatContext(tokens, '')}+ context` })),
        ]}
        value={state.minContext === null ? 'any' : String(state.minContext)}
        onChange={(value) =>
          onParamsChange((current) => withParam(current, 'minContext', value && value !== 'any' ? value : null), false)
        }
        allowDeselect={false}
        w={{ base: '100%', sm: 136 }}
      />
      <NumberText
        aria-label="Maximum price per million tokens"
        placeholder="Max. per 1M"
        {...dollarSign()}
        value={state.maxPrice === null ? undefined : Number(state.maxPrice)}
        refuse={priceProblem}
        onChange={(value, refused) =>
          !refused &&
          onParamsChange((current) => withParam(current, 'maxPrice', value === undefined ? null : String(value)), true)
        }
        w={{ base: '100%', sm: 140 }}
      />
    </Group>
  )
}
