import { join } from 'node:path'
import type { ConsoleConfig, Service } from '../config.ts'
import { metadataOf, principalOf, type ActivityEntry, type ActivityLog, type WriteFacts } from './activity.ts'
import { MemoryActivityLog } from './activity-memory.ts'
import { RedisActivityLog } from './activity-redis.ts'
import { errorCodeOf } from './errors.ts'
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

/** What the console learnt of a write's resource before sending it: its organization and name. */
export interface Known {
  organizationId?: string
  name?: string
}

// Answers of who is a member of which organization are kept this long, for this many pairs at most.
const MEMBERSHIP_MS = 60_000
const MEMBERSHIPS = 10_000

/**
 * Records the writes the proxy carries, each in the organization it changed, before its answer leaves. The
 * organization is the path's; else, for a write to one resource, the one a read of it (with the caller's token)
 * names; else the answer's, or for a refused create the body's. A refused write is recorded only when the caller is a
 * member of that organization (the identity API gives them its ACL): an outsider never costs it an entry, and an
 * invented organization costs nothing.
 */
export class ActivityRecorder {
  private readonly members = new Map<string, { member: boolean; until: number }>()

  constructor(
    readonly log: ActivityLog,
    private readonly identity: () => Target,
    private readonly timeoutMs: number,
  ) {}

  /**
   * Before the write is sent: what a write to one resource is about, when neither its path nor its answer may say
   * (a path that names no organization; a delete, whose answer names nothing).
   */
  async before(write: WriteFacts, request: WriteRequest, target: Target): Promise<Known> {
    if (!write.itemPath) return {}
    const answer = await this.ask(target, write.itemPath, request)
    return answer
      ? {
          ...(answer.organizationId ? { organizationId: answer.organizationId } : {}),
          ...(answer.name ? { name: answer.name } : {}),
        }
      : {}
  }

  /**
   * The entry for a write once answered, kept before the answer is sent; false when no organization could be named,
   * or a refused write's caller is not a member of it.
   */
  async record(
    write: WriteFacts,
    request: WriteRequest,
    answer: Response | WholeAnswer,
    known: Known,
    sent: Request | undefined,
  ): Promise<boolean> {
    const whole = answer instanceof Response ? null : answer.body
    const metadata = answer.status < 300 ? metadataOf(whole) : {}
    const refused = answer.status >= 400
    let organizationId = write.organizationId ?? known.organizationId ?? metadata.organizationId
    if (!organizationId && refused && sent) organizationId = await organizationInBody(sent)
    if (!organizationId) return false
    // A read of the resource with the caller's token already showed them a member.
    if (refused && !known.organizationId && !(await this.isMember(request, organizationId))) return false
    const resourceId = write.resourceId ?? metadata.id
    // An action's answer may be another resource (a snapshot's image): its name is taken only for the same one.
    const name = known.name ?? (metadata.id === resourceId ? metadata.name : undefined)
    const errorCode = refused ? (errorCodeOf(answer) ?? errorCodeIn(whole)) : undefined
    const entry: ActivityEntry = {
      at: new Date().toISOString(),
      ...principalOf(request.session),
      organizationId,
      method: request.method,
      service: request.service,
      kind: write.kind,
      ...(resourceId ? { resourceId } : {}),
      ...(name ? { resourceName: name } : {}),
      ...(write.action ? { action: write.action } : {}),
      path: request.path.split('?')[0]!,
      status: answer.status,
      ...(errorCode ? { errorCode } : {}),
      traceId: request.traceId,
    }
    await within(this.log.record(entry), this.timeoutMs)
    return true
  }

  private async isMember(request: WriteRequest, organizationId: string): Promise<boolean> {
    const key = `${request.session.id}\n${organizationId}`
    const now = Date.now()
    const cached = this.members.get(key)
    if (cached && cached.until > now) return cached.member
    const acl = await fetchJson(
      this.identity(),
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

  private async ask(target: Target, path: string, request: WriteRequest) {
    const body = await fetchJson(target, path, request, this.timeoutMs)
    return body === undefined ? undefined : metadataOf(body)
  }
}

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
  return new Uint8Array(await answer.arrayBuffer())
}

/** The organization a create's body places it in (`spec.organizationId` on the regional API's v2 paths). */
async function organizationInBody(sent: Request): Promise<string | undefined> {
  try {
    const text = await sent.text()
    if (text.length > 256 * 1024) return undefined
    const id = (JSON.parse(text) as { spec?: { organizationId?: unknown } })?.spec?.organizationId
    return typeof id === 'string' && /^[\w-]{1,128}$/.test(id) ? id : undefined
  } catch {
    return undefined
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
