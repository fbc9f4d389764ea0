// Core's stylesheets of what the spotlight renders (scripts/mantine-sheets.ts), then its own.
import '@mantine/core/styles/Text.layer.css'
import '@mantine/core/styles/Mark.layer.css'
import '@mantine/core/styles/UnstyledButton.layer.css'
import '@mantine/core/styles/ScrollArea.layer.css'
import '@mantine/core/styles/Modal.layer.css'
import '@mantine/core/styles/ModalBase.layer.css'
import '@mantine/core/styles/CloseButton.layer.css'
import '@mantine/core/styles/Paper.layer.css'
import '@mantine/core/styles/VisuallyHidden.layer.css'
import '@mantine/core/styles/Overlay.layer.css'
import '@mantine/core/styles/Loader.layer.css'
import '@mantine/core/styles/Input.layer.css'
import '@mantine/spotlight/styles.css'
import { Text } from '../../components/mantine/Text'
import { Spotlight, useSpotlight, type SpotlightActionGroupData } from '@mantine/spotlight'
import { useQueries } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { useAccess } from '../../lib/permissions'
import type { Resource } from '../../lib/resources'
import { useStoredScope } from '../../lib/scope'
import { loadListSources, type ListSource } from './list-sources'
import { filterEntries, pageEntries, resourceEntries, type PaletteEntry, type PalettePage } from './palette-entries'
import { paletteStore } from './palette-store'
import { useCatalogEntries } from './use-catalog-entries'

/** Results shown at once: enough to pick from, few enough to render on every keystroke. */
const LIMIT = 40

// Started as this chunk evaluates (the launcher loads it on hover, focus or the first mod+K): the list modules load
// beside the palette's first open instead of holding it back, and their results join the pages' entries on arrival.
const listSources = loadListSources()

function useListSources(): ListSource[] {
  const [loaded, setLoaded] = useState<{ sources: ListSource[] } | { error: unknown }>({ sources: [] })
  useEffect(() => {
    let live = true
    listSources.then(
      (sources) => live && setLoaded({ sources }),
      (error: unknown) => live && setLoaded({ error }),
    )
    return () => {
      live = false
    }
  }, [])
  // A list module that cannot be loaded goes to the route's error boundary, as a failed render would.
  if ('error' in loaded) throw loaded.error
  return loaded.sources
}

/** The organization's resources, read only while the palette is open (the list pages share these cache entries). */
function useResources(organizationID: string, opened: boolean): PaletteEntry[] {
  const sources = useListSources()
  const enabled = opened && Boolean(organizationID)
  // Lists the caller's roles do not include are not asked for: the platform would refuse them.
  const access = useAccess()
  return useQueries({
    queries: sources.map(({ resource, query }) => ({
      ...query(organizationID),
      enabled: enabled && access.may(resource, 'read'),
    })),
    combine: (answers) => answers.flatMap((answer, i) => resourceEntries(sources[i]!.resource, answer.data ?? [])),
  })
}

function toGroups(entries: PaletteEntry[], go: (to: string) => void): SpotlightActionGroupData[] {
  const groups = new Map<string, SpotlightActionGroupData>()
  for (const entry of entries) {
    const group = groups.get(entry.group) ?? { group: entry.group, actions: [] }
    group.actions.push({
      id: entry.id,
      label: entry.label,
      description: entry.description,
      onClick: () => go(entry.to),
    })
    groups.set(entry.group, group)
  }
  return [...groups.values()]
}

/**
 * The command palette (mod+K, or the header's search button, through PaletteLauncher): jump to any page, to any
 * resource of the organization by name, id or address, to any model, flavor or image of the catalogs, or to any
 * create form.
 */
export function CommandPalette({ pages }: { pages: PalettePage[] }) {
  const navigate = useNavigate()
  const { organizationId } = useStoredScope()
  const { opened } = useSpotlight(paletteStore)
  const [query, setQuery] = useState('')
  const found = useResources(organizationId ?? '', opened)
  const catalog = useCatalogEntries(organizationId ?? '', opened)
  const access = useAccess()
  const mayCreate = (resource: Resource) => access.may(resource, 'create')
  const entries = [...pageEntries(pages, mayCreate), ...found, ...catalog]
  const actions = toGroups(filterEntries(query, entries, LIMIT), (to) => void navigate(to))
  return (
    <Spotlight
      actions={actions}
      // The entries are filtered above, by every word against names, ids and addresses.
      filter={(_query, filtered) => filtered}
      query={query}
      onQueryChange={setQuery}
      store={paletteStore}
      // The launcher owns the shortcut, so that it works before this chunk has loaded.
      shortcut={null}
      nothingFound={<Text size="sm">Nothing matches. Try a name, an id or an address.</Text>}
      highlightQuery
      scrollable
      maxHeight={420}
      // The results scroll under the search field; the actions in them are reached with the arrow keys from there, so
      // the list itself takes focus for a keyboard user to scroll it (axe: scrollable-region-focusable).
      scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}
      // The dialog's accessible name; its header is hidden from sight, the search field says what it is for.
      title="Command palette"
      styles={{
        header: { position: 'absolute', width: 1, height: 1, padding: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)' },
      }}
      searchProps={{ placeholder: 'Jump to a page, a resource or a create form…', 'aria-label': 'Search the console' }}
    />
  )
}
