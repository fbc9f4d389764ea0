// Filters typed in a search box, as the platform's own console takes them: `status:error project:ml-research
// region:eu-west-1`. The words around them are the text search; each filter keeps the items whose field has a value
// that starts with it. Several values of one key widen it (status:error status:degraded), different keys narrow it.

const TYPED_KEYS = ['status', 'project', 'region'] as const
type TypedKey = (typeof TYPED_KEYS)[number]

/** What an item answers to under each key: its states, its project's id and name, its region's id and name. */
export type Facets = Partial<Record<TypedKey, readonly (string | undefined)[]>>

interface TypedFilter {
  key: TypedKey
  value: string
}

const TOKEN = /^([a-z]+):(.*)$/i

const keyOf = (name: string): TypedKey | undefined => TYPED_KEYS.find((key) => key === name.toLowerCase())

/** The query split into its text words (lowercased) and its typed filters; a key with no value yet is neither. */
export function parseTypedSearch(query: string): { words: string[]; filters: TypedFilter[] } {
  const words: string[] = []
  const filters: TypedFilter[] = []
  for (const token of query.split(/\s+/).filter(Boolean)) {
    const [, name = '', value = ''] = TOKEN.exec(token) ?? []
    const key = keyOf(name)
    if (!key) words.push(token.toLowerCase())
    else if (value) filters.push({ key, value: value.toLowerCase() })
  }
  return { words, filters }
}

/** Whether an item with these facets passes every typed filter. */
export function matchesTyped(facets: Facets, filters: readonly TypedFilter[]): boolean {
  if (filters.length === 0) return true
  return TYPED_KEYS.every((key) => {
    const wanted = filters.filter((filter) => filter.key === key).map((filter) => filter.value)
    if (wanted.length === 0) return true
    const values = (facets[key] ?? []).flatMap((value) => (value ? [value.toLowerCase()] : []))
    // A value matches from its start, so the rows narrow as it is typed ("status:err" keeps the errors).
    return wanted.some((value) => values.some((held) => held.startsWith(value)))
  })
}

interface Row {
  metadata: { projectId?: string; provisioningStatus?: string; healthStatus?: string }
  spec?: unknown
  status?: unknown
}

interface Names {
  projectName: ReadonlyMap<string, string>
  regionName: ReadonlyMap<string, string>
}

/**
 * An item's facets from what every row carries: its provisioning and health states, an instance's power state, a
 * user's state; its project and region, by id and by name where the names are known.
 */
export function rowFacets(row: Row, names?: Names): Facets {
  const status = row.status as { powerState?: unknown; regionId?: unknown } | undefined
  const spec = row.spec as { state?: unknown; regionId?: unknown } | undefined
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
  const projectId = row.metadata.projectId
  const regionId = text(status?.regionId) ?? text(spec?.regionId)
  return {
    status: [row.metadata.provisioningStatus, row.metadata.healthStatus, text(status?.powerState), text(spec?.state)],
    project: projectId ? [projectId, names?.projectName.get(projectId)] : [],
    region: regionId ? [regionId, names?.regionName.get(regionId)] : [],
  }
}

/** The values each key offers for completion: what the rows and the scope know. */
export type KnownValues = Partial<Record<TypedKey, readonly string[]>>

/** The values the rows' facets hold, each once, for completion; ids are left out where a name stands beside them. */
export function knownValues(facets: readonly Facets[], names?: Names): KnownValues {
  const statuses = new Set<string>()
  for (const facet of facets) for (const value of facet.status ?? []) if (value) statuses.add(value.toLowerCase())
  return {
    status: [...statuses].sort(),
    ...(names && { project: typable(names.projectName), region: typable(names.regionName) }),
  }
}

/** Each name as a search word: a name with a space in it could not be typed as one, so its id stands for it. */
const typable = (names: ReadonlyMap<string, string>) =>
  [...names].map(([id, name]) => (/\s/.test(name) ? id : name)).sort()

export interface Completion {
  /** The whole search text once it is taken. */
  text: string
  /** The token it completes to, as the option shows it ("status:error"). */
  label: string
}

const MAX_COMPLETIONS = 8

/**
 * What the word being typed (the last one) may complete to: a key while it is the start of one ("st" → "status:"),
 * then the key's known values ("status:e" → "status:error"). A value taken ends with a space, ready for the next word.
 */
export function completionsOf(text: string, known: KnownValues): Completion[] {
  const start = text.search(/\S+$/)
  if (start < 0) return []
  const before = text.slice(0, start)
  const token = text.slice(start)
  const [, name, partial] = TOKEN.exec(token) ?? []
  const key = name === undefined ? undefined : keyOf(name)
  if (key === undefined) {
    if (name !== undefined) return []
    const typed = token.toLowerCase()
    return TYPED_KEYS.filter((k) => k.startsWith(typed) && (known[k]?.length ?? 0) > 0).map((k) => ({
      text: `${before}${k}:`,
      label: `${k}:`,
    }))
  }
  const lower = (partial ?? '').toLowerCase()
  return (known[key] ?? [])
    .filter((value) => value.toLowerCase().startsWith(lower) && value.toLowerCase() !== lower)
    .slice(0, MAX_COMPLETIONS)
    .map((value) => ({ text: `${before}${key}:${value} `, label: `${key}:${value}` }))
}
