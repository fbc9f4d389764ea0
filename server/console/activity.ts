import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import type { createClient as CreateClient } from 'redis'
import type { ConsoleConfig, Service } from '../config.ts'
import { errorCodeOf } from './errors.ts'
import type { WholeAnswer } from './proxy.ts'
import type { Upstream } from './upstream.ts'
import type { Session } from './sessions.ts'

/**
 * One write made through the console: who, in which organization, what, when, how it ended and its trace. Only
 * these fields are kept: never a body (a name and id are read from the answer's metadata), a token or a cookie.
 */
export interface ActivityEntry {
  /** ISO time the answer was sent. */
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
  status: number
  /** The platform's (or the console's) error code, for a failure. */
  errorCode?: string
  traceId: string
}

export interface ActivityLog {
  record(entry: ActivityEntry): Promise<void>
  /** An organization's entries, newest first. */
  list(organizationId: string): Promise<ActivityEntry[]>
  close(): Promise<void>
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const RECORDED: readonly Service[] = ['region', 'compute', 'identity']
// The platform's actions on one resource: a POST to /{collection}/{id}/{action}.
const ACTIONS = new Set(['start', 'stop', 'reboot', 'rotate'])

type WriteFacts = Pick<ActivityEntry, 'kind' | 'resourceId' | 'action'> & { organizationId?: string }

/**
 * What a write is about, from its path alone: the resource kind (the last collection it names), the resource's id,
 * an action on it, and the organization where the path names one (the regional API's v2 paths do not: its answer
 * does). Past the version segment, paths alternate collection and id: /api/v1/organizations/{id}/projects/{id}.
 * Undefined for a read, and for what is not a write to a resource (a completion on the inference API).
 */
export function writeOf(service: Service, method: string, path: string): WriteFacts | undefined {
  if (!WRITES.has(method) || !RECORDED.includes(service)) return undefined
  const segments = path.split('?')[0]!.split('/').filter(Boolean).map(decodeSegment)
  const version = segments.findIndex((segment) => /^v\d+$/.test(segment))
  const rest = segments.slice(version + 1)
  const org = rest.indexOf('organizations')
  const organizationId = org >= 0 && org % 2 === 0 ? rest[org + 1] : undefined
  let action: string | undefined
  if (rest.length >= 3 && rest.length % 2 === 1 && ACTIONS.has(rest.at(-1)!)) action = rest.pop()
  const resourceId = rest.length % 2 === 0 ? rest.pop() : undefined
  const collection = rest.pop()
  if (!collection) return undefined
  return {
    kind: `${service}:${collection}`,
    ...(organizationId ? { organizationId } : {}),
    ...(resourceId ? { resourceId } : {}),
    ...(action ? { action } : {}),
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** The resource's id and name from an answer's metadata (a create's answer names the new resource). */
function metadataOf(body: Uint8Array | null): { id?: string; name?: string; organizationId?: string } {
  if (!body || body.byteLength > 256 * 1024) return {}
  try {
    const metadata = (
      JSON.parse(Buffer.from(body).toString()) as {
        metadata?: { id?: unknown; name?: unknown; organizationId?: unknown }
      }
    )?.metadata
    return {
      ...(typeof metadata?.organizationId === 'string' ? { organizationId: metadata.organizationId } : {}),
      ...(typeof metadata?.id === 'string' ? { id: metadata.id } : {}),
      ...(typeof metadata?.name === 'string' ? { name: metadata.name } : {}),
    }
  } catch {
    return {}
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

/** This process's memory: the default, with sessions. Each organization keeps its newest `max` entries. */
export class MemoryActivityLog implements ActivityLog {
  private readonly entries = new Map<string, ActivityEntry[]>()
  constructor(private readonly max: number) {}

  async record(entry: ActivityEntry) {
    const list = this.entries.get(entry.organizationId) ?? []
    list.push(entry)
    if (list.length > this.max) list.splice(0, list.length - this.max)
    this.entries.set(entry.organizationId, list)
  }

  async list(organizationId: string) {
    return [...(this.entries.get(organizationId) ?? [])].reverse()
  }

  async close() {
    this.entries.clear()
  }
}

/**
 * A Redis stream per organization in the session store, so every replica sees one log: XADD with MAXLEN, the
 * oldest dropped first. Its own connection, so a slow log never holds up a session lookup.
 */
export class RedisActivityLog implements ActivityLog {
  private readonly client
  private connecting?: Promise<unknown>
  constructor(
    url: string,
    private readonly max: number,
  ) {
    // Loaded here, not at import, as the session store does: a console without SESSION_STORE_URL never pays for the
    // Redis client at start (importing it put cold start from about 690 to 860 ms).
    const { createClient } = createRequire(import.meta.url)('redis') as { createClient: typeof CreateClient }
    this.client = createClient({ url, socket: { reconnectStrategy: (retries) => Math.min(retries * 100, 2000) } })
    // Failures surface as the commands' rejections; the caller logs those.
    this.client.on('error', () => undefined)
  }

  /** Connected on first use: a console that nobody writes through opens no second connection. */
  private async ready() {
    this.connecting ??= this.client.connect()
    await this.connecting
    return this.client
  }

  private key = (organizationId: string) => `cc:activity:${organizationId}`

  async record(entry: ActivityEntry) {
    await (
      await this.ready()
    ).xAdd(
      this.key(entry.organizationId),
      '*',
      { entry: JSON.stringify(entry) },
      { TRIM: { strategy: 'MAXLEN', threshold: this.max } },
    )
  }

  async list(organizationId: string) {
    const items = await (await this.ready()).xRevRange(this.key(organizationId), '+', '-', { COUNT: this.max })
    return (items ?? []).map((item) => JSON.parse(item.message.entry!) as ActivityEntry)
  }

  async close() {
    if (this.connecting) this.client.destroy()
  }
}

/** The log the configuration asks for: in the session store's Redis when SESSION_STORE_URL is set, else memory. */
export function openActivityLog(config: ConsoleConfig): ActivityLog {
  return config.sessionStoreUrl
    ? new RedisActivityLog(config.sessionStoreUrl, config.activityMaxEntries)
    : new MemoryActivityLog(config.activityMaxEntries)
}

/**
 * The entry for a proxied write once answered: its outcome, and the resource's name and id (and, where the path
 * does not name it, its organization) from the answer. `organizationId` stands in where neither names one.
 */
function entryOf(
  write: WriteFacts,
  facts: { session: Session; service: Service; method: string; path: string; traceId: string; organizationId?: string },
  answer: Response | WholeAnswer,
): ActivityEntry | undefined {
  const whole = answer instanceof Response ? null : answer.body
  const metadata = answer.status < 300 ? metadataOf(whole) : {}
  const organizationId = write.organizationId ?? metadata.organizationId ?? facts.organizationId
  if (!organizationId) return undefined
  const resourceId = write.resourceId ?? metadata.id
  const errorCode = answer.status >= 400 ? (errorCodeOf(answer) ?? errorCodeIn(whole)) : undefined
  return {
    at: new Date().toISOString(),
    ...principalOf(facts.session),
    organizationId,
    method: facts.method,
    service: facts.service,
    kind: write.kind,
    ...(resourceId ? { resourceId } : {}),
    ...(metadata.name ? { resourceName: metadata.name } : {}),
    ...(write.action ? { action: write.action } : {}),
    path: facts.path.split('?')[0]!,
    status: answer.status,
    ...(errorCode ? { errorCode } : {}),
    traceId: facts.traceId,
  }
}

/** The platform's error code in an error body (`{"error": "conflict"}`, or OpenAI's `{"error": {"code"}}`). */
function errorCodeIn(body: Uint8Array | null): string | undefined {
  if (!body || body.byteLength > 64 * 1024) return undefined
  try {
    const error = (JSON.parse(Buffer.from(body).toString()) as { error?: unknown })?.error
    const code = typeof error === 'string' ? error : (error as { code?: unknown } | undefined)?.code
    return typeof code === 'string' && /^[\w.-]{1,64}$/.test(code) ? code : undefined
  } catch {
    return undefined
  }
}

interface WriteFactsOfRequest {
  session: Session
  service: Service
  method: string
  path: string
  traceId: string
  traceparent: string
}

/**
 * Records a proxied write once answered. Where neither the path nor the answer names the organization (a delete or
 * an action on the regional API's v2 paths), the resource is read with the user's own token to learn it. Answers
 * false when the write could not be placed in an organization (a refused create there): the caller says so.
 */
export async function recordWrite(
  log: ActivityLog,
  write: WriteFacts,
  facts: WriteFactsOfRequest,
  answer: Response | WholeAnswer,
  upstream: { upstream: Upstream; base: string },
): Promise<boolean> {
  let entry = entryOf(write, facts, answer)
  if (!entry && write.resourceId) {
    const resourcePath = facts.path.split('?')[0]!.replace(write.action ? /\/[^/]+$/ : /$^/, '')
    const organizationId = await organizationOfResource(upstream, resourcePath, facts)
    entry = entryOf(write, { ...facts, ...(organizationId ? { organizationId } : {}) }, answer)
  }
  if (!entry) return false
  await log.record(entry)
  return true
}

async function organizationOfResource(
  { upstream, base }: { upstream: Upstream; base: string },
  path: string,
  facts: WriteFactsOfRequest,
): Promise<string | undefined> {
  const answer = await upstream(
    new Request(`${base}${path}`, {
      headers: {
        authorization: `Bearer ${facts.session.token}`,
        accept: 'application/json',
        traceparent: facts.traceparent,
      },
      signal: AbortSignal.timeout(10_000),
    }),
  ).catch(() => undefined)
  if (!answer?.ok) {
    await answer?.body?.cancel().catch(() => undefined)
    return undefined
  }
  return metadataOf(new Uint8Array(await answer.arrayBuffer())).organizationId
}
