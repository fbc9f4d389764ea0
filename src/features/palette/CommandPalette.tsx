import '@mantine/spotlight/styles.css'
import { Text } from '@mantine/core'
import { Spotlight, useSpotlight, type SpotlightActionGroupData } from '@mantine/spotlight'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useNavigate } from 'react-router'
import { q } from '../../api/endpoint'
import { fileStorageApi } from '../../api/fileStorage'
import { groupApi, projectApi, serviceAccountApi, userApi } from '../../api/identity'
import { instanceApi } from '../../api/instances'
import { networkApi } from '../../api/networks'
import { securityGroupApi } from '../../api/securityGroups'
import { useStoredScope } from '../../lib/scope'
import {
  filterEntries,
  pageEntries,
  resourceEntries,
  type Named,
  type PaletteEntry,
  type PalettePage,
  type ResourceKind,
} from './palette-entries'
import { paletteStore } from './palette-store'

/** Results shown at once: enough to pick from, few enough to render on every keystroke. */
const LIMIT = 40

/** The organization's resources, read only while the palette is open (the list pages share these cache entries). */
function useResources(organizationID: string, opened: boolean): PaletteEntry[] {
  const enabled = opened && Boolean(organizationID)
  const regional = { organizationID: [organizationID] }
  const org = { organizationID }
  const instances = useQuery({ ...q(instanceApi.list, regional), enabled })
  const networks = useQuery({ ...q(networkApi.list, regional), enabled })
  const securityGroups = useQuery({ ...q(securityGroupApi.list, regional), enabled })
  const fileStorage = useQuery({ ...q(fileStorageApi.list, regional), enabled })
  const projects = useQuery({ ...q(projectApi.list, org), enabled })
  const users = useQuery({ ...q(userApi.list, org), enabled })
  const serviceAccounts = useQuery({ ...q(serviceAccountApi.list, org), enabled })
  const groups = useQuery({ ...q(groupApi.list, org), enabled })
  return useMemo(() => {
    const sources: [ResourceKind, readonly Named[] | undefined][] = [
      ['Instance', instances.data],
      ['Network', networks.data],
      ['Security group', securityGroups.data],
      ['File storage', fileStorage.data],
      ['Project', projects.data],
      ['User', users.data],
      ['Service account', serviceAccounts.data],
      ['Group', groups.data],
    ]
    return sources.flatMap(([kind, items]) => resourceEntries(kind, items ?? []))
  }, [
    instances.data,
    networks.data,
    securityGroups.data,
    fileStorage.data,
    projects.data,
    users.data,
    serviceAccounts.data,
    groups.data,
  ])
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
  const resources = useResources(organizationId ?? '', opened)
  const entries = useMemo(() => [...pageEntries(pages), ...resources], [pages, resources])
  const actions = useMemo(
    () => toGroups(filterEntries(query, entries, LIMIT), (to) => void navigate(to)),
    [query, entries, navigate],
  )
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
