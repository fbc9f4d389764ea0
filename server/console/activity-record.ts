import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import type { ConsoleConfig, Service } from '../config.ts'
import {
  itemOf,
  jsonOf,
  placedIn,
  principalOf,
  type ActivityEntry,
  type ActivityLog,
  type Kept,
  type WriteFacts,
} from './activity.ts'
import { decodedBody } from './activity-body.ts'
import { readJsonBody } from './body.ts'
import { MemoryActivityLog } from './activity-memory.ts'
import { RedisActivityLog } from './activity-redis.ts'
import { ConsoleError, errorCodeOf } from './errors.ts'
import type { WholeAnswer } from './proxy.ts'
import type { Session } from './sessions.ts'
import type { Upstream } from './upstream.ts'

/**
 * The log the configuration asks for: in the session store's Redis when SESSION_STORE_URL is set, else memory, kept
 * on disk in DATA_DIR when that is set.
 */
export function openActivityLog(config: ConsoleConfig): ActivityLog {
  const limits = { perOrganization: config.activityMaxEntries, total: config.activityMaxTotal }
  if (config.sessionStoreUrl) return new RedisActivityLog(config.sessionStoreUrl, limits)
  return new MemoryActivityLog(limits, config.dataDir ? join(config.dataDir, 'console-activity.jsonl') : undefined)
}

interface Target {
  upstream: Upstream
  base: string
}

export interface WriteRequest {
  session: Session
  service: Service
  method: string
  path: string
  traceId: string
  traceparent: string
}

/** What the console learnt of a write before sending it, and the entry it kept then. */
export interface Begun {
  write: WriteFacts
  request: WriteRequest
  /** From a read of the resource with the caller's token: its organization and name (the caller may read it). */
  read: ItemFacts
  /** From the request's body: the name it writes and, for a v2 create, the organization it places it in. */
  sent: ItemFacts
  /** The entry kept before the write was sent, whose outcome is not known yet. */
  pending?: { entry: ActivityEntry; kept: Kept }
}

type ItemFacts = ReturnType<typeof itemOf>

// Answers of who is a member of which organization are kept this long, for this many pairs at most.
const MEMBERSHIP_MS = 60_000
const MEMBERSHIPS = 10_000
// What of a request's body is read for its name and organization: a write's JSON is far smaller.
const SENT_BYTES = 256 * 1024
// A session's writes under way at once, each kept before it is sent: entries with no outcome yet count among the
// accepted, so a member's burst of writes that will be refused pushes out no more of them than this. Past it a write
// waits, unsent, for an earlier one's answer.
const IN_FLIGHT = 8
// When a write refused for a log that could not be written may be sent again: a Redis failing over takes seconds.
const UNKEPT_RETRY_S = 5

/**
 * Records the writes the proxy carries, each in the organization it changed: once before the write is sent, as an
 * entry whose outcome is not known, and again before its answer leaves, with the outcome, in its place. A process
 * that dies between the two leaves the first. The organization is the path's; else, for a write to one resource, the
 * one a read of it (with the caller's token) names; else the body's, for a v2 create; else the answer's. An entry is
 * kept before the answer only for a member of that organization (the identity API gives them its ACL), and a refused
 * write is recorded only for one: an outsider never costs it an entry, and an invented organization costs nothing.
 */
export class ActivityRecorder {
  private readonly members = new Map<string, { member: boolean; until: number }>()
  /** By session: its writes under way (each with its entry kept before it is sent) and those waiting to be. */
  private readonly inFlight = new Map<string, number>()
  private readonly waiting = new Map<string, Array<() => void>>()

  constructor(
    readonly log: ActivityLog,
    /** Where the console reaches each service: the identity API for membership, another for what a write names. */
    private readonly targetOf: (service: Service) => Target,
    private readonly timeoutMs: number,
    /** Told when the entry before the write could not be kept: the write is then refused, unsent. */
    private readonly unkept: (traceId: string, error: Error) => void = () => undefined,
  ) {}

  /**
   * Before the write is sent: what it is about, where neither its path nor its answer may say (a path that names no
   * organization; a delete, whose answer names nothing; a create, whose answer may be cut off), and the entry kept
   * until its answer comes.
   */
  async begin(write: WriteFacts, request: WriteRequest, target: Target, raw: Request): Promise<Begun> {
    const session = request.session.id
    // Past the bound the write waits for one of the session's earlier writes to be answered, unsent: sent unrecorded,
    // a console that died before its answer left a change nobody could find in the log (issue 77). A bulk action's
    // writes (all at once from the browser) so go eight at a time.
    await this.slot(session, raw.signal)
    let kept = false
    try {
      const [item, { placed, ...sent }] = await Promise.all([
        this.readItem(write, request, target),
        sentFacts(write.kind, raw),
      ])
      // A create placed in an item its body names is in that item's organization, which the caller could read.
      const read =
        placed && !write.organizationId && !item.organizationId && !sent.organizationId
          ? { ...item, ...pick(await this.readOrganization(placed, request)) }
          : item
      const begun: Begun = { write, request, read, sent }
      const organizationId = write.organizationId ?? read.organizationId ?? sent.organizationId
      if (!organizationId || !(read.organizationId || (await this.isMember(request, organizationId)))) return begun
      const name = read.name ?? (write.action ? undefined : sent.name)
      const entry: ActivityEntry = {
        ...entryOf(write, request, organizationId),
        ...(write.resourceId ? { resourceId: write.resourceId } : {}),
        ...(name ? { resourceName: name } : {}),
      }
      try {
        begun.pending = { entry, kept: await within(this.log.record(entry), this.timeoutMs) }
        kept = true
      } catch (error) {
        // Refused unsent: a write let through unrecorded is the change nobody can find in the log (issue 77). The
        // platform has not seen it, so the user may send it again as it is.
        this.unkept(request.traceId, error as Error)
        throw new ConsoleError(
          503,
          'activity_log_unavailable',
          "The console could not record this change in the organization's activity log, so it did not send it: nothing changed. Try again in a moment.",
          { 'Retry-After': String(UNKEPT_RETRY_S) },
        )
      }
      return begun
    } finally {
      if (!kept) this.settled(session)
    }
  }

  /**
   * The entry for a write once answered, kept in place of the one before it, before the answer is sent; false when
   * no organization could be named, or a refused write's caller is not a member of it. Nothing of the answer is
   * changed: a compressed one is decoded apart.
   */
  async complete(begun: Begun, answer: Response | WholeAnswer): Promise<boolean> {
    const { write, request, read, sent, pending } = begun
    if (pending) this.settled(request.session.id)
    const body =
      answer instanceof Response ? null : await decodedBody(answer.headers.get('content-encoding'), answer.body)
    const json = jsonOf(body)
    const answered = answer.status < 300 ? itemOf(write.kind, json) : {}
    const refused = answer.status >= 400
    const organizationId =
      write.organizationId ??
      read.organizationId ??
      answered.organizationId ??
      sent.organizationId ??
      pending?.entry.organizationId
    if (!organizationId) return false
    // A read of the resource with the caller's token already showed them a member, as did the entry before the write.
    if (refused && !read.organizationId && !pending && !(await this.isMember(request, organizationId))) return false
    const resourceId = write.resourceId ?? answered.id
    // An action's answer may be another resource (a snapshot's image): its name is taken only for the same one; and
    // its body names that other one too.
    const name =
      read.name ?? (answered.id === resourceId ? answered.name : undefined) ?? (write.action ? undefined : sent.name)
    const errorCode = refused ? (errorCodeOf(answer) ?? errorCodeIn(json)) : undefined
    const entry: ActivityEntry = {
      ...(pending?.entry ?? entryOf(write, request, organizationId)),
      organizationId,
      ...(resourceId ? { resourceId } : {}),
      ...(name ? { resourceName: name } : {}),
      status: answer.status,
      ...(errorCode ? { errorCode } : {}),
    }
    await within(this.log.record(entry, pending?.kept), this.timeoutMs)
    return true
  }

  /**
   * A place among the session's writes under way: at once below the bound, else once an earlier one is answered (its
   * place is handed on). A write that waits longer than the deadline, or whose browser went away, is never sent.
   */
  private slot(session: string, signal: AbortSignal): Promise<void> {
    const held = this.inFlight.get(session) ?? 0
    if (held < IN_FLIGHT) {
      this.inFlight.set(session, held + 1)
      return Promise.resolve()
    }
    return new Promise<void>((resolve, reject) => {
      const queue = this.waiting.get(session) ?? []
      this.waiting.set(session, queue)
      const give = () => {
        clearTimeout(timer)
        signal.removeEventListener('abort', gone)
        resolve()
      }
      const leave = (error: Error) => {
        queue.splice(queue.indexOf(give), 1)
        if (!queue.length) this.waiting.delete(session)
        clearTimeout(timer)
        signal.removeEventListener('abort', gone)
        reject(error)
      }
      const gone = () =>
        leave(new ConsoleError(499, 'client_closed_request', 'The browser went away before the change was sent.'))
      const timer = setTimeout(
        () =>
          leave(
            new ConsoleError(
              429,
              'too_many_requests',
              `This session's earlier ${IN_FLIGHT} changes are still waiting on the platform; this one was not sent. Try again once they have answered.`,
              { 'Retry-After': '1' },
            ),
          ),
        this.timeoutMs,
      )
      signal.addEventListener('abort', gone, { once: true })
      queue.push(give)
    })
  }

  private settled(session: string) {
    const queue = this.waiting.get(session)
    const next = queue?.shift()
    if (queue && !queue.length) this.waiting.delete(session)
    // Its place goes to the oldest write waiting for one, the count unchanged.
    if (next) return next()
    const left = (this.inFlight.get(session) ?? 1) - 1
    if (left > 0) this.inFlight.set(session, left)
    else this.inFlight.delete(session)
  }

  /** The resource as its own read, or the list it is in, gives it to the caller. */
  private async readItem(write: WriteFacts, request: WriteRequest, target: Target): Promise<ItemFacts> {
    const path = write.itemPath ?? write.listPath
    if (!path) return {}
    const body = jsonOf(await fetchJson(target, path, request, this.timeoutMs))
    const item =
      write.listPath && Array.isArray(body)
        ? body.find((one) => itemOf(write.kind, one).id === write.resourceId)
        : write.itemPath && body
    return item ? itemOf(write.kind, item) : {}
  }

  /** The organization of the item at `path`, read with the caller's token; none when they cannot read it. */
  private async readOrganization(
    { service, path }: { service: Service; path: string },
    request: WriteRequest,
  ): Promise<string | undefined> {
    return itemOf('', jsonOf(await fetchJson(this.targetOf(service), path, request, this.timeoutMs))).organizationId
  }

  private async isMember(request: WriteRequest, organizationId: string): Promise<boolean> {
    const key = `${request.session.id}\n${organizationId}`
    const now = Date.now()
    const cached = this.members.get(key)
    if (cached && cached.until > now) return cached.member
    const acl = await fetchJson(
      this.targetOf('identity'),
      `/api/v1/organizations/${encodeURIComponent(organizationId)}/acl`,
      request,
      this.timeoutMs,
    )
    const member = acl !== undefined
    this.members.delete(key)
    this.members.set(key, { member, until: now + MEMBERSHIP_MS })
    // The oldest answer goes first: a map keeps insertion order.
    if (this.members.size > MEMBERSHIPS) this.members.delete(this.members.keys().next().value!)
    return member
  }
}

/** An entry for the write with no outcome yet: who, where, what, when. */
function entryOf(write: WriteFacts, request: WriteRequest, organizationId: string): ActivityEntry {
  return {
    id: randomUUID(),
    at: new Date().toISOString(),
    ...principalOf(request.session),
    organizationId,
    method: request.method,
    service: request.service,
    kind: write.kind,
    ...(write.action ? { action: write.action } : {}),
    path: request.path.split('?')[0]!,
    traceId: request.traceId,
  }
}

/**
 * The name and organization a write's body gives, from a copy of it (the request goes on as it came): none where it
 * is no JSON, or longer than SENT_BYTES, which a write's JSON never is.
 */
async function sentFacts(kind: string, raw: Request): Promise<ItemFacts & { placed?: ReturnType<typeof placedIn> }> {
  if (raw.method === 'DELETE' || !raw.body) return {}
  const body = await readJsonBody(raw.clone(), SENT_BYTES).catch(() => undefined)
  return { ...itemOf(kind, body), placed: placedIn(kind, body) }
}

const pick = (organizationId: string | undefined) => (organizationId ? { organizationId } : {})

/** The promise, or a rejection once `ms` have passed: a log that hangs does not hold the answer for ever. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the activity log did not answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer))
}

/** A GET with the caller's own token: the body of a 2xx answer, else undefined. */
async function fetchJson(
  { upstream, base }: Target,
  path: string,
  request: WriteRequest,
  timeoutMs: number,
): Promise<Uint8Array | undefined> {
  const answer = await upstream(
    new Request(`${base}${path}`, {
      headers: {
        authorization: `Bearer ${request.session.token}`,
        accept: 'application/json',
        traceparent: request.traceparent,
      },
      signal: AbortSignal.timeout(timeoutMs),
    }),
  ).catch(() => undefined)
  if (!answer?.ok) {
    await answer?.body?.cancel().catch(() => undefined)
    return undefined
  }
  return (
    (await decodedBody(answer.headers.get('content-encoding'), new Uint8Array(await answer.arrayBuffer()))) ?? undefined
  )
}

/** The platform's error code in an error body (`{"error": "conflict"}`, or OpenAI's `{"error": {"code"}}`). */
function errorCodeIn(body: unknown): string | undefined {
  const error = (body as { error?: unknown } | undefined)?.error
  const code = typeof error === 'string' ? error : (error as { code?: unknown } | undefined)?.code
  return typeof code === 'string' && /^[\w.-]{1,64}$/.test(code) ? code : undefined
}
