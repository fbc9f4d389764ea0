import { useSyncExternalStore } from 'react'

/**
 * The console's working scope: one organization, and optionally one project and one region. Lists default to it
 * and create forms start from it. It persists in localStorage; ids that no longer exist are dropped by resolveScope.
 */
export interface Scope {
  organizationId?: string
  projectId?: string
  regionId?: string
}

const KEY = 'cloud-console.scope.v1'
const listeners = new Set<() => void>()

function read(): Scope {
  try {
    const raw = globalThis.localStorage?.getItem(KEY)
    const parsed: unknown = raw ? JSON.parse(raw) : {}
    if (!parsed || typeof parsed !== 'object') return {}
    const record = parsed as Record<string, unknown>
    const pick = (key: keyof Scope) =>
      typeof record[key] === 'string' && record[key] !== '' ? (record[key] as string) : undefined
    return { organizationId: pick('organizationId'), projectId: pick('projectId'), regionId: pick('regionId') }
  } catch {
    return {}
  }
}

/**
 * The scope mirrored into a cookie: the console server reads it to ask for the first screen's lists in this scope
 * before any script runs (server/console/bootstrap.ts). Ids only, nothing secret; the browser's store stays the truth.
 */
function mirror(scope: Scope): void {
  if (typeof document === 'undefined') return
  const empty = !scope.organizationId && !scope.projectId && !scope.regionId
  document.cookie = empty
    ? 'cc_scope=; Path=/; SameSite=Strict; Max-Age=0'
    : `cc_scope=${encodeURIComponent(JSON.stringify(scope))}; Path=/; SameSite=Strict; Max-Age=31536000`
}

let current: Scope = read()
mirror(current)

export function getScope(): Scope {
  return current
}

/** Changing the organization clears project and region unless they are given too: they belong to one organization. */
export function setScope(patch: Partial<Scope>): void {
  const next: Scope =
    'organizationId' in patch && patch.organizationId !== current.organizationId
      ? { ...patch }
      : { ...current, ...patch }
  if (
    next.organizationId === current.organizationId &&
    next.projectId === current.projectId &&
    next.regionId === current.regionId
  )
    return
  current = next
  mirror(current)
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(current))
  } catch {
    // Private browsing may refuse storage; the scope still works for this tab.
  }
  for (const listener of listeners) listener()
}

/**
 * Forgets the scope on sign-out, in the store and its cookie: the organization, project and region ids of the last
 * session must not be there for the next person at this browser.
 */
export function clearScope(): void {
  current = {}
  mirror(current)
  try {
    globalThis.localStorage?.removeItem(KEY)
  } catch {
    // Storage refused: nothing was kept there either.
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useStoredScope(): Scope {
  return useSyncExternalStore(subscribe, getScope, getScope)
}

interface Known {
  id: string
}

export interface ScopeOptions {
  /** Undefined when the backend does not offer the list: the stored id is then trusted as typed. */
  organizations?: Known[]
  projects?: Known[]
  regions?: Known[]
}

/** The stored scope with ids that no longer exist replaced (organization → first one) or dropped (project, region). */
export function resolveScope(stored: Scope, options: ScopeOptions): { scope: Scope; dropped: (keyof Scope)[] } {
  const dropped: (keyof Scope)[] = []
  const exists = (list: Known[] | undefined, id: string | undefined) =>
    id === undefined || list === undefined || list.some((item) => item.id === id)

  let organizationId = stored.organizationId
  if (options.organizations && !exists(options.organizations, organizationId)) dropped.push('organizationId')
  if (options.organizations && (organizationId === undefined || dropped.includes('organizationId')))
    organizationId = options.organizations[0]?.id
  const sameOrganization = organizationId === stored.organizationId

  const keep = (key: 'projectId' | 'regionId', list: Known[] | undefined) => {
    if (!sameOrganization) return undefined
    if (exists(list, stored[key])) return stored[key]
    dropped.push(key)
    return undefined
  }
  return {
    scope: {
      organizationId,
      projectId: keep('projectId', options.projects),
      regionId: keep('regionId', options.regions),
    },
    dropped,
  }
}
