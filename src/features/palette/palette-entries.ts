// What the command palette offers, as plain data: pages, create forms and the organization's resources.

import { matchesSearch } from '../../lib/list-filters'
import { matchesTyped, parseTypedSearch, rowFacets, type Facets } from '../../lib/typed-filters'
import { pathsOf } from '../../lib/paths'
import { createLabel, kindLabel, resources, type IconModule, type Paged, type Resource } from '../../lib/resources'

export interface PaletteEntry {
  id: string
  group: 'Pages' | 'Create' | 'Resources' | 'Catalog'
  label: string
  description?: string
  /** Further text the search matches (ids, addresses), not shown. */
  keywords?: string[]
  /** What a typed filter (`status:error`, `project:ml-research`) matches: a resource's states, project and region. */
  facets?: Facets
  to: string
  /** Its kind's icon, or its page's, as the navigation shows it. */
  icon?: IconModule
}

export interface PalettePage {
  label: string
  to: string
  icon?: IconModule
  /** The resource it lists, when it lists one: offered only to a caller who may read it, as the navigation does. */
  resource?: Resource
}

/** Every create form, worded as its list's button words it ("Create network", "Add user"). */
const CREATE_FORMS: (PalettePage & { resource: Resource })[] = Object.values<Resource>(resources).flatMap((resource) =>
  resource.create ? [{ resource, label: createLabel(resource), to: pathsOf(resource).new(), icon: resource.icon }] : [],
)

export interface Named {
  metadata: { id: string; name: string; projectId?: string; provisioningStatus?: string; healthStatus?: string }
  spec?: unknown
  status?: unknown
}

/** A user's name is their address (spec.subject) when the platform gives one. */
function displayName(item: Named): string {
  const subject = (item.spec as { subject?: unknown } | undefined)?.subject
  return typeof subject === 'string' ? subject : item.metadata.name
}

function addresses(item: Named): string[] {
  const status = item.status as { privateIP?: unknown; publicIP?: unknown; prefix?: unknown } | undefined
  return [status?.privateIP, status?.publicIP, status?.prefix].filter((v): v is string => typeof v === 'string')
}

/** The names typed filters match projects and regions by, beside their ids. */
type ScopeNames = Parameters<typeof rowFacets>[1]

export function resourceEntries(resource: Paged, items: readonly Named[], names?: ScopeNames): PaletteEntry[] {
  const kind = kindLabel(resource)
  return items.map((item) => ({
    id: `${kind}/${item.metadata.id}`,
    group: 'Resources',
    label: displayName(item),
    description: `${kind} · ${item.metadata.id}`,
    keywords: [item.metadata.name, ...addresses(item)],
    facets: rowFacets(item, names),
    to: pathsOf(resource).item(item.metadata.id),
    icon: resource.icon,
  }))
}

/**
 * The pages the caller may read and the create forms of what they may create (`may`, from the ACL), as the navigation
 * and the lists offer them: no dead ends.
 */
export function pageEntries(
  pages: PalettePage[],
  may: (resource: Resource, operation: 'read' | 'create') => boolean,
): PaletteEntry[] {
  return [
    ...pages
      .filter((page) => !page.resource || may(page.resource, 'read'))
      .map((page) => ({
        id: `page:${page.to}`,
        group: 'Pages' as const,
        label: page.label,
        to: page.to,
        icon: page.icon,
      })),
    ...CREATE_FORMS.filter((form) => may(form.resource, 'create')).map(({ label, to, icon }) => ({
      id: `create:${to}`,
      group: 'Create' as const,
      label,
      to,
      icon,
    })),
  ]
}

/** How well an entry's label answers the words typed: the label itself first, then one it starts, then the rest. */
function closeness(label: string, words: string): number {
  const name = label.toLowerCase()
  return name === words ? 0 : name.startsWith(words) ? 1 : 2
}

/**
 * Every word of the query must appear in the entry's label, description or keywords, and every typed filter match its
 * facets (only resources have them); the entry whose label is what was typed comes first, so Enter opens it ("create
 * group" is Create group, not Create security group). With no query only pages and create forms show: the
 * organization's resources and the catalogs may be thousands, and are there to be searched.
 */
export function filterEntries(query: string, entries: readonly PaletteEntry[], limit: number): PaletteEntry[] {
  if (!query.trim()) return entries.filter((entry) => entry.group === 'Pages' || entry.group === 'Create')
  const { filters, words } = parseTypedSearch(query)
  const typed = words.join(' ')
  const found = entries.filter(
    (entry) =>
      (filters.length === 0 || (entry.facets !== undefined && matchesTyped(entry.facets, filters))) &&
      matchesSearch(query, [entry.label, entry.description, ...(entry.keywords ?? [])]),
  )
  // A stable sort: within one closeness, the entries keep their order (pages, create forms, resources).
  return found.sort((a, b) => closeness(a.label, typed) - closeness(b.label, typed)).slice(0, limit)
}
