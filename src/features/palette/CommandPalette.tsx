import '@mantine/spotlight/styles.css'
import { Text } from '@mantine/core'
import { Spotlight, useSpotlight, type SpotlightActionGroupData } from '@mantine/spotlight'
import { useQueries, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { q } from '../../api/endpoint'
import { fileStorageApi } from '../../api/fileStorage'
import { groupApi, projectApi, serviceAccountApi, userApi } from '../../api/identity'
import { instanceApi } from '../../api/instances'
import { networkApi } from '../../api/networks'
import { securityGroupApi } from '../../api/securityGroups'
import { useAccess } from '../../lib/permissions'
import { resources, type Paged, type Resource, type ResourceName } from '../../lib/resources'
import { useStoredScope } from '../../lib/scope'
import {
  filterEntries,
  pageEntries,
  resourceEntries,
  type Named,
  type PaletteEntry,
  type PalettePage,
} from './palette-entries'
import { paletteStore } from './palette-store'

/** Results shown at once: enough to pick from, few enough to render on every keystroke. */
const LIMIT = 40

type SearchableName = {
  [K in ResourceName]: (typeof resources)[K] extends Paged ? K : never
}[ResourceName]

/**
 * Where the palette finds each resource that has a page: its list across the organization, the same cache entry as
 * its list page's. Typed by the rows (`lib/resources.ts`): a new row with a page fails typecheck until it is here.
 */
/**
 * A list's query, as far as the palette reads it: its items. Each list keys its query in its own type; the method's
 * parameter is compared both ways, so one record holds them all.
 */
type Source = (organizationID: string) => {
  queryKey: QueryKey
  queryFn?(context: QueryFunctionContext): readonly Named[] | Promise<readonly Named[]>
}
const SOURCES: Record<SearchableName, Source> = {
  networks: (id) => q(networkApi.list, { organizationID: [id] }),
  securityGroups: (id) => q(securityGroupApi.list, { organizationID: [id] }),
  fileStorage: (id) => q(fileStorageApi.list, { organizationID: [id] }),
  instances: (id) => q(instanceApi.list, { organizationID: [id] }),
  users: (id) => q(userApi.list, { organizationID: id }),
  serviceAccounts: (id) => q(serviceAccountApi.list, { organizationID: id }),
  projects: (id) => q(projectApi.list, { organizationID: id }),
  groups: (id) => q(groupApi.list, { organizationID: id }),
}
const SEARCHED = Object.keys(SOURCES) as SearchableName[]

/** The organization's resources, read only while the palette is open (the list pages share these cache entries). */
function useResources(organizationID: string, opened: boolean): PaletteEntry[] {
  const enabled = opened && Boolean(organizationID)
  // Lists the caller's roles do not include are not asked for: the platform would refuse them.
  const access = useAccess()
  return useQueries({
    queries: SEARCHED.map((name) => ({
      ...SOURCES[name](organizationID),
      enabled: enabled && access.may(resources[name], 'read'),
    })),
    combine: (answers) => answers.flatMap((answer, i) => resourceEntries(resources[SEARCHED[i]!], answer.data ?? [])),
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
 * resource of the organization by name, id or address, or to any create form.
 */
export function CommandPalette({ pages }: { pages: PalettePage[] }) {
  const navigate = useNavigate()
  const { organizationId } = useStoredScope()
  const { opened } = useSpotlight(paletteStore)
  const [query, setQuery] = useState('')
  const found = useResources(organizationId ?? '', opened)
  const access = useAccess()
  const mayCreate = (resource: Resource) => access.may(resource, 'create')
  const entries = [...pageEntries(pages, mayCreate), ...found]
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
      // The dialog's accessible name; its header is hidden from sight, the search field says what it is for.
      title="Command palette"
      styles={{
        header: { position: 'absolute', width: 1, height: 1, padding: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)' },
      }}
      searchProps={{ placeholder: 'Jump to a page, a resource or a create form…', 'aria-label': 'Search the console' }}
    />
  )
}
