import { createHash } from 'node:crypto'
import type { Service } from '../config.ts'
import { isParameter, isWrite, matchRoute, mayWrite } from './declared-routes.ts'
import type { Session } from './sessions.ts'

/**
 * One write made through the console: who, in which organization, what, when, how it ended and its trace. Only
 * these fields are kept: never a body (a name and id are read from it by `itemOf`, the one place that reads one), a
 * token or a cookie.
 */
export interface ActivityEntry {
  /** The entry's own id: the entry kept before the write was sent is replaced by the one kept once it was answered. */
  id: string
  /** ISO time the write was sent to the platform. */
  at: string
  subject: string
  displayName: string
  organizationId: string
  method: string
  service: Service
  /** The ACL's endpoint name for the resource kind: `region:networks`, `identity:users`. */
  kind: string
  resourceId?: string
  resourceName?: string
  /** An action on the resource (`start`, `stop`), when the write is one. */
  action?: string
  /** The API path, without its query: the equivalent request. */
  path: string
  /** The answer's status; none while the write has not been answered, or where the console never saw its answer. */
  status?: number
  /** The platform's (or the console's) error code, for a failure. */
  errorCode?: string
  traceId: string
}

/**
 * Where entries are kept. Each organization keeps its newest `perOrganization` accepted writes, and beside them its
 * newest refused ones (status 400 and up) up to a tenth of that, so refusals never push an accepted write out; all
 * organizations together keep at most `total`, the oldest of whichever holds the most dropped first.
 */
export interface ActivityLog {
  /**
   * Resolves once the entry is kept (in Redis, or written to the file), with what names it there. Given what an
   * earlier call answered (the entry kept before the write was sent), the entry replaces that one.
   */
  record(entry: ActivityEntry, replacing?: Kept): Promise<Kept>
  /** An organization's entries, newest first. */
  list(organizationId: string): Promise<ActivityEntry[]>
  /** What the organization's log no longer holds, so that the page can say so rather than look complete. */
  dropped(organizationId: string): Promise<Dropped>
  close(): Promise<void>
}

/**
 * The time of the newest entry each of an organization's two kinds of entry has given up to the limits. Each drops its
 * oldest first, so every entry of that kind up to the time is gone and every later one is kept.
 */
export interface Dropped {
  accepted?: string
  refused?: string
}

export type Stream = keyof Dropped

/** Where a log keeps an entry: its organization and id, and in Redis its stream's entry id. */
export interface Kept {
  organizationId: string
  id: string
  ref?: string
}

export interface ActivityLimits {
  perOrganization: number
  total: number
}

/** The refused writes an organization keeps beside its accepted ones. */
export const refusedShare = (perOrganization: number) => Math.max(1, Math.ceil(perOrganization / 10))

export const isRefused = (entry: Pick<ActivityEntry, 'status'>) => (entry.status ?? 0) >= 400

export interface WriteFacts {
  /** The first of the resource's ACL names (`region:networks`); the reader lets through any of them. */
  kind: string
  organizationId?: string
  resourceId?: string
  /** An action on the resource (`start`, `snapshot`, `rotate`): a write that is not a create, update or delete. */
  action?: string
  /**
   * Where the resource can be read before the write, to learn what the answer may not say: for a write to one
   * resource whose path names no organization, its organization and name; for a delete (the platform answers it with
   * no body, or one that names nothing), its name. `itemPath` is its own path; `listPath`, where the platform has no
   * read of one (users, service accounts, images), the list it is in.
   */
  itemPath?: string
  listPath?: string
}

const PLAIN_OPS = new Set(['create', 'update', 'delete'])

/**
 * What a write is about, from the route the SPA's endpoint tables declare for it (`declared-routes.ts`): the kind is
 * its resource's ACL name, the organization its `organizationID` parameter, the resource its last other `…ID`
 * parameter (none for a create: its path ends at the collection, and an image import's names its region), the action
 * a parameter that is no id (`:action`) or the operation's own name. Undefined for a read, for a path the console
 * declares no write for, and for one the proxy refuses (a dot segment, an encoded slash).
 */
export function writeOf(service: Service, method: string, path: string): WriteFacts | undefined {
  // A read matches only routes of its own method, none of them a write: no need to look.
  if (!mayWrite(method)) return undefined
  const bare = path.split('?')[0]!
  const segments = bare.split('/').filter(Boolean).map(decodeSegment)
  if (segments.some((segment) => segment === '.' || segment === '..' || /[/\\]/.test(segment))) return undefined
  const match = matchRoute(service, method, segments)
  if (!match || !isWrite(match.route)) return undefined
  const { route, params } = match
  const kind = route.acl[0]
  if (!kind) return undefined
  const names = route.segments.filter(isParameter).map((segment) => segment.slice(1))
  const idName =
    route.op === 'create' ? undefined : names.filter((name) => /ID$/.test(name) && name !== 'organizationID').at(-1)
  const actionName = names.find((name) => !/ID$/.test(name))
  const action = actionName ? params[actionName] : PLAIN_OPS.has(route.op) ? undefined : route.op
  const organizationId = params.organizationID
  const resourceId = idName ? params[idName] : undefined
  const itemEnd = idName ? route.segments.indexOf(`:${idName}`) + 1 : 0
  const item = segments.slice(0, itemEnd)
  const read =
    (!organizationId || method === 'DELETE') && resourceId
      ? matchRoute(service, 'GET', item)
        ? { itemPath: pathOf(item) }
        : matchRoute(service, 'GET', item.slice(0, -1))
          ? { listPath: pathOf(item.slice(0, -1)) }
          : {}
      : {}
  return {
    kind,
    ...(organizationId ? { organizationId } : {}),
    ...(resourceId ? { resourceId } : {}),
    ...(action ? { action } : {}),
    ...read,
  }
}

const pathOf = (segments: readonly string[]) => `/${segments.map(encodeURIComponent).join('/')}`

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

// The platform keeps no name for a user (it answers the string "undefined"): the subject, its e-mail address, names it.
const NAMED_BY_SUBJECT = new Set(['identity:users'])

interface ItemFacts {
  id?: string
  name?: string
  organizationId?: string
}

/**
 * The resource's id, name and organization from a body: an answer's, a request's, or an item of a list. The one place
 * a body is read for the log, and these three the only fields taken from it.
 */
export function itemOf(kind: string, item: unknown): ItemFacts {
  const { metadata, spec } = (item ?? {}) as {
    metadata?: { id?: unknown; name?: unknown; organizationId?: unknown }
    spec?: { subject?: unknown; organizationId?: unknown }
  }
  const name = NAMED_BY_SUBJECT.has(kind) ? spec?.subject : metadata?.name
  const organizationId = metadata?.organizationId ?? spec?.organizationId
  return {
    ...(typeof organizationId === 'string' && /^[\w-]{1,128}$/.test(organizationId) ? { organizationId } : {}),
    ...(typeof metadata?.id === 'string' ? { id: metadata.id } : {}),
    ...(typeof name === 'string' && name ? { name } : {}),
  }
}

/**
 * Where a create whose body names no organization puts the resource: the item its spec names, whose organization it
 * is in. Managed Kubernetes' bodies name none (nks-core 2026-08-03): a cluster is in its network's organization, a
 * node pool in its cluster's. Without a read of that item a refused create of one would be in no organization's log.
 */
const PLACED_IN: Readonly<Record<string, { field: string; service: Service; collection: string }>> = {
  'nks:clusters': { field: 'networkId', service: 'region', collection: '/api/v2/networks' },
  'nks:nodepools': { field: 'clusterId', service: 'nks', collection: '/api/v1/clusters' },
}

/** The item a create's body places the resource in, to be read for its organization; undefined for any other. */
export function placedIn(kind: string, body: unknown): { service: Service; path: string } | undefined {
  const placed = PLACED_IN[kind]
  if (!placed) return undefined
  const id = (body as { spec?: Record<string, unknown> } | undefined)?.spec?.[placed.field]
  if (typeof id !== 'string' || !/^[\w-]{1,128}$/.test(id)) return undefined
  return { service: placed.service, path: `${placed.collection}/${id}` }
}

/** A body's JSON, or undefined for none, or one that is no JSON. */
export function jsonOf(body: Uint8Array | null | undefined): unknown {
  if (!body) return undefined
  try {
    return JSON.parse(Buffer.from(body).toString()) as unknown
  } catch {
    return undefined
  }
}

/**
 * Who a session is: the ID token's (or a JWT bearer token's) subject and name; a token the console cannot read
 * is named by a short hash of it (the same person each time, and not the token), the demo admin as such.
 */
export function principalOf(session: Pick<Session, 'kind' | 'token' | 'idToken' | 'person'>): {
  subject: string
  displayName: string
} {
  const claims = jwtClaims(session.idToken) ?? jwtClaims(session.token)
  const name = session.person?.name ?? session.person?.email ?? text(claims?.name) ?? text(claims?.email)
  const subject = text(claims?.sub)
  if (subject) return { subject, displayName: name ?? subject }
  if (session.kind === 'demo') return { subject: 'demo-admin', displayName: 'Demo admin (local cloud)' }
  const hash = createHash('sha256').update(session.token).digest('hex').slice(0, 12)
  return { subject: `token-${hash}`, displayName: name ?? `Token ${hash.slice(0, 6)}` }
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined)

function jwtClaims(token: string | undefined): Record<string, unknown> | undefined {
  const payload = token?.split('.')[1]
  if (!payload || token!.split('.').length !== 3) return undefined
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString())
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}
