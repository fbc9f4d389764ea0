import type { Service } from '../config.ts'
import type { Endpoint } from '../../src/api/endpoint.ts'
import { resources, type Resource } from '../../src/lib/resources.ts'
import { sensitiveNames } from '../../src/api/sensitive.ts'

/**
 * The platform's ACL names of what the console declares but lists in no row of `lib/resources.ts` (which names the
 * rest): an organization's own settings.
 */
const UNLISTED_ACL: Record<string, readonly string[]> = {
  organizations: ['identity:organizations'],
  // An endpoint's keys and its region's classes are read and changed with the endpoint.
  objectStorageAccessKeys: ['storage:objectstorageendpoints'],
  objectStorageEndpointClasses: ['storage:objectstorageendpointclasses'],
}

export interface DeclaredRoute {
  service: Service
  method: string
  /** Path segments past the service, a parameter as `:name` (`networkID`), else the literal. */
  segments: readonly string[]
  /** The cache family it belongs to: a row of `lib/resources.ts` or a catalog (`organizations`). */
  resource: string
  op: string
  /** The platform's ACL names of its resource: reading any of them reads it. */
  acl: readonly string[]
  /** Body paths of the secrets it sends (`spec.clientSecret`), which nothing the server writes may echo. */
  sensitive?: readonly string[]
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Each parameter read by a path builder answers its own name, so the built path is the route's template. */
const placeholders = new Proxy({}, { get: (_target, name) => (typeof name === 'string' ? `:${name}` : undefined) })

function isEndpoint(value: unknown): value is Endpoint<object, unknown, unknown> {
  const spec = (value as { spec?: { method?: unknown; path?: unknown } } | null)?.spec
  return typeof spec?.method === 'string' && typeof spec.path === 'function'
}

function endpointsIn(value: unknown, seen = new Set<unknown>()): Endpoint<object, unknown, unknown>[] {
  if (typeof value !== 'object' || value === null || seen.has(value)) return []
  seen.add(value)
  if (isEndpoint(value)) return [value]
  return Object.values(value).flatMap((inner) => endpointsIn(inner, seen))
}

/**
 * The requests a module builds without the endpoint machinery: the members of an export named `…Requests`
 * (`embeddingRequests.create`), each given placeholders, answer an ApiRequest. They change no resource the log
 * records. Only those exports are called: any other function of a table may start a request.
 */
function requestBuildersIn(module: object): DeclaredRoute[] {
  return Object.entries(module)
    .filter(([name, value]) => name.endsWith('Requests') && typeof value === 'object' && value !== null)
    .flatMap(([, builders]) =>
      Object.values(builders as object).flatMap((member) => {
        if (typeof member !== 'function') return []
        let built: unknown
        try {
          built = (member as (vars: unknown) => unknown)(placeholders)
        } catch {
          return []
        }
        const { service, method, path } = (built ?? {}) as { service?: unknown; method?: unknown; path?: unknown }
        if (typeof service !== 'string' || typeof method !== 'string' || typeof path !== 'string') return []
        const segments = decodeURIComponent(path).split('/').filter(Boolean)
        return [{ service: service as Service, method, segments, resource: '', op: method, acl: [] }]
      }),
    )
}

function aclOf(resource: string): readonly string[] {
  return (resources as Record<string, Resource>)[resource]?.acl ?? UNLISTED_ACL[resource] ?? []
}

function routeOf({ spec }: Endpoint<object, unknown, unknown>): DeclaredRoute {
  // seg() percent-encodes the placeholder's colon: the template is read decoded.
  const path = decodeURIComponent(spec.path(placeholders as never))
  return {
    service: spec.service,
    method: spec.method,
    segments: path.split('/').filter(Boolean),
    resource: spec.resource,
    op: spec.op,
    acl: aclOf(spec.resource),
    ...(spec.sensitive ? { sensitive: spec.sensitive } : {}),
  }
}

/**
 * The routes a project's resource has by its row alone (`Resource.api`): its list and create on the collection, its
 * read, update (where the platform has one) and delete on an item. A table made by `projectTable` declares the same;
 * a resource whose table is no more than that needs no module in declared-tables.ts.
 */
function rowRoutes(): DeclaredRoute[] {
  return Object.entries(resources as Record<string, Resource>).flatMap(([resource, { api, acl }]) => {
    if (!api || api.lives === 'organization') return []
    const collection = api.collection.split('/').filter(Boolean)
    const item = [...collection, `:${api.id}`]
    const routes: [string, string[], string][] = [
      ['GET', collection, 'list'],
      ['POST', collection, 'create'],
      ['GET', item, 'detail'],
      ...(api.update === false ? [] : [['PUT', item, 'update'] as [string, string[], string]]),
      ['DELETE', item, 'delete'],
    ]
    return routes.map(([method, segments, op]) => ({ service: api.service, method, segments, resource, op, acl }))
  })
}

let loaded: readonly DeclaredRoute[] | undefined
let loading: Promise<readonly DeclaredRoute[]> | undefined

/** Loads the tables once; every route they declare, once each. */
export function loadDeclaredRoutes(): Promise<readonly DeclaredRoute[]> {
  loading ??= import('./declared-tables.ts').then((tables) => {
    // Every endpoint any export of a table module declares is a route: one added to a table needs nothing else.
    // (The production bundle's CommonJS namespace may carry the whole module again as `default`.)
    const modules = Object.entries(tables)
      .filter(([name]) => name !== 'default')
      .map(([, module]) => module as object)
    const seen = new Set<string>()
    loaded = [...endpointsIn(modules).map(routeOf), ...rowRoutes(), ...modules.flatMap(requestBuildersIn)].filter(
      (route) => {
        const key = `${route.service} ${route.method} /${route.segments.join('/')}`
        return !seen.has(key) && Boolean(seen.add(key))
      },
    )
    return loaded
  })
  return loading
}

/** The routes, once `loadDeclaredRoutes` has settled (the console awaits it before any request to the API). */
export function declaredRoutes(): readonly DeclaredRoute[] {
  if (!loaded) throw new Error('The declared routes are read before loadDeclaredRoutes() settled.')
  return loaded
}

export const isParameter = (segment: string) => segment.startsWith(':')

/**
 * The declared route a request is, and its parameters' values: a literal segment beats a parameter, so
 * `/instances/:instanceID/sshkey` wins over `/instances/:instanceID/:action`. `method` undefined matches any.
 */
export function matchRoute(
  service: string,
  method: string | undefined,
  segments: readonly string[],
): { route: DeclaredRoute; params: Record<string, string> } | undefined {
  let best: DeclaredRoute | undefined
  let bestLiterals = -1
  for (const route of routesShaped(service, segments.length)) {
    if (method !== undefined && route.method !== method) continue
    let literals = 0
    let fits = true
    for (let i = 0; i < segments.length && fits; i++) {
      const declared = route.segments[i]!
      if (isParameter(declared)) continue
      if (declared === segments[i]) literals++
      else fits = false
    }
    if (fits && literals > bestLiterals) [best, bestLiterals] = [route, literals]
  }
  if (!best) return undefined
  const params: Record<string, string> = {}
  best.segments.forEach((declared, i) => {
    if (isParameter(declared)) params[declared.slice(1)] = segments[i]!
  })
  return { route: best, params }
}

export const isWrite = (route: DeclaredRoute) => WRITE_METHODS.has(route.method)

/** Whether a request of this method may be a write: only a route of a write method is one. */
export const mayWrite = (method: string) => WRITE_METHODS.has(method)

let shaped: { of: readonly DeclaredRoute[]; routes: Map<string, DeclaredRoute[]> } | undefined

/**
 * The routes of one service with so many segments, in their declared order: a request's route is looked up for its
 * metrics' label and its log line at every request, and a walk of every route the tables declare was most of it.
 */
function routesShaped(service: string, length: number): readonly DeclaredRoute[] {
  const routes = declaredRoutes()
  if (shaped?.of !== routes) {
    shaped = { of: routes, routes: new Map() }
    for (const route of routes) {
      const key = `${route.service} ${route.segments.length}`
      const same = shaped.routes.get(key)
      if (same) same.push(route)
      else shaped.routes.set(key, [route])
    }
  }
  return shaped.routes.get(`${service} ${length}`) ?? []
}

let sensitive: { of: readonly DeclaredRoute[] | undefined; names: ReadonlySet<string> } | undefined

/** The field names of every secret a declared route sends (`clientSecret`); none before the routes are loaded. */
export function sensitiveFields(): ReadonlySet<string> {
  // Asked for every log line: made once per set of routes (none, then the loaded ones), not once a line.
  if (!sensitive || sensitive.of !== loaded) {
    const names = new Set(sensitiveNames((loaded ?? []).flatMap((route) => route.sensitive ?? [])))
    sensitive = { of: loaded, names }
  }
  return sensitive.names
}
