import type { SelectProps } from '@mantine/core'
import { Button } from './mantine/Button'
import { Group } from './mantine/Group'
import { SegmentedControl } from './mantine/SegmentedControl'
import { DeferredSelect } from './DeferredSelect'
import { SimpleGrid } from './mantine/SimpleGrid'
import type { ReactNode } from 'react'
import { traceIdsOf } from '../api/errors'
import { ErrorAlert } from './ErrorAlert'
import { NoMatch } from './NoMatch'

type CatalogView = 'table' | 'cards'

const VIEW_LABELS: Record<CatalogView, string> = { table: 'Table', cards: 'Cards' }

/** Table or cards; the first of `views` is the catalog's default, which the URL leaves out. */
export function ViewToggle({
  views,
  value,
  onChange,
}: {
  views: readonly [CatalogView, CatalogView]
  value: CatalogView
  onChange: (view: CatalogView | null) => void
}) {
  return (
    <SegmentedControl
      aria-label="View"
      value={value}
      onChange={(view) => onChange(view === views[0] ? null : (view as CatalogView))}
      data={views.map((view) => ({ value: view, label: VIEW_LABELS[view] }))}
    />
  )
}

/** A catalog that could not be listed, in place of its results, with a retry. */
export function CatalogLoadError({
  title,
  message,
  error,
  retrying,
  onRetry,
}: {
  title: string
  message: ReactNode
  /** The failure, for its trace ids. */
  error?: unknown
  retrying: boolean
  onRetry: () => void
}) {
  return (
    <ErrorAlert title={title} message={message} traces={traceIdsOf(error)}>
      <Button size="xs" mt="xs" onClick={onRetry} loading={retrying}>
        Try again
      </Button>
    </ErrorAlert>
  )
}

/** The catalog's cards, one to three a row as the page widens. */
export function CardGrid({ label, busy, children }: { label: string; busy?: boolean; children: ReactNode }) {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, xl: 3 }}
      spacing="md"
      aria-label={label}
      aria-busy={busy || undefined}
      component={busy ? undefined : 'section'}
    >
      {children}
    </SimpleGrid>
  )
}

/**
 * A catalog's rows under its filters (`children`, in the chosen view), or why none show; below rows that a filter
 * narrowed, a second way back to the whole catalog.
 */
export function CatalogResults({
  shown,
  filtered,
  noMatch,
  onClear,
  children,
}: {
  shown: number
  filtered: boolean
  noMatch: { title: string; description: ReactNode }
  onClear: () => void
  children: ReactNode
}) {
  if (shown === 0) return <NoMatch title={noMatch.title} description={noMatch.description} onClear={onClear} />
  return (
    <>
      {children}
      {filtered ? (
        <Group justify="center" mt="md">
          <Button variant="subtle" size="xs" onClick={onClear}>
            Clear filters
          </Button>
        </Group>
      ) : null}
    </>
  )
}

type RegionSelectProps = Omit<SelectProps, 'data' | 'value' | 'placeholder' | 'allowDeselect'> & {
  /** What useCatalogRegion returned: the organization's regions and the one the page shows. */
  catalog: {
    regions: { data?: readonly { metadata: { id: string; name: string } }[]; isPending: boolean }
    regionID: string
  }
}

/** The pick of the region a catalog page shows, from the organization's regions. */
export function RegionSelect({ catalog: { regions, regionID }, ...props }: RegionSelectProps) {
  return (
    <DeferredSelect
      w={200}
      {...props}
      data={(regions.data ?? []).map((region) => ({ value: region.metadata.id, label: region.metadata.name }))}
      value={regionID || null}
      placeholder={regions.isPending ? 'Loading regions…' : 'Choose a region'}
      allowDeselect={false}
    />
  )
}
