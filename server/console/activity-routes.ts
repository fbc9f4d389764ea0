import { Hono, type Context } from 'hono'
import type { ConsoleConfig } from '../config.ts'
import type { ActivityEntry, ActivityLog } from './activity.ts'
import { declaredRoutes, isWrite, loadDeclaredRoutes } from './declared-routes.ts'
import { ConsoleError, jsonResponse } from './errors.ts'
import { outcomeOf } from '../../src/lib/activity-outcome.ts'
import type { TokenRefresher } from './oidc-refresh.ts'
import { sessionOf } from './session-routes.ts'
import type { SessionStore } from './sessions.ts'
import type { Upstream } from './upstream.ts'

// A kind is its resource's first ACL name; the platform has named some two ways (`region:networks` and its v2
// handlers' `region:networks:v2`), and either grant reads it.
let names: Map<string | undefined, readonly string[]> | undefined
const namesOf = (kind: string) => {
  names ??= new Map(declaredRoutes().map((route) => [route.acl[0], route.acl]))
  return names.get(kind) ?? [kind]
}
// Every kind the log can hold: the first ACL name of each write the console declares.
let writeKinds: string[] | undefined
const allKinds = () =>
  (writeKinds ??= [
    ...new Set(declaredRoutes().flatMap((route) => (isWrite(route) && route.acl[0] ? [route.acl[0]] : []))),
  ].sort())
const PAGE = 200
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/

interface AclEndpoint {
  name?: unknown
  operations?: unknown
}
interface Acl {
  global?: AclEndpoint[] | null
  organization?: { endpoints?: AclEndpoint[] | null; projects?: { endpoints?: AclEndpoint[] | null }[] | null }
}

/**
 * Whether the ACL lets its holder read `kind` anywhere in the organization (one project is enough, as pages do). The
 * declared routes are loaded.
 */
export function mayRead(acl: Acl, kind: string): boolean {
  const names = namesOf(kind)
  const grants = (endpoints: AclEndpoint[] | null | undefined) =>
    (endpoints ?? []).some(
      (e) =>
        typeof e.name === 'string' &&
        names.includes(e.name) &&
        Array.isArray(e.operations) &&
        e.operations.includes('read'),
    )
  const org = acl.organization
  return grants(acl.global) || grants(org?.endpoints) || (org?.projects ?? []).some((p) => grants(p.endpoints))
}

/**
 * GET /console/activity?organization=…: the organization's writes through this console, newest first, to a member
 * of it, and only of the kinds their ACL lets them read (asked of the identity API with their own token). Filters,
 * each repeatable: person (subject), kind, outcome (succeeded, failed, unknown: `outcomeOf`); and since (ISO time). At most 200 entries
 * are sent, or `limit` (1 to 200: the overview shows five, and polls); `before` and `beforeTrace`, the time and trace
 * id of the last one shown, ask for the next page (pageStart),
 * and `total` counts every entry that matches. `dropped` says up to when the log has given entries up to its limits,
 * `unreadable` the kinds the caller's role cannot read, whose changes are left out.
 */
/**
 * Where the page of entries older than the last one shown starts, in `entries` (newest first): after that entry, named
 * by its time and trace id, so that entries of the same millisecond on either side of a page's end are neither skipped
 * nor listed twice; where that entry is gone (dropped since), at the first entry older than its time.
 */
export function pageStart(entries: readonly ActivityEntry[], before: string, beforeTrace: string | undefined): number {
  const last = beforeTrace ? entries.findIndex((entry) => entry.at === before && entry.traceId === beforeTrace) : -1
  if (last >= 0) return last + 1
  const older = entries.findIndex((entry) => entry.at < before)
  return older < 0 ? entries.length : older
}

export function activityRoutes(deps: {
  config: ConsoleConfig
  sessions: SessionStore
  refresher: TokenRefresher
  activity: ActivityLog
  identity: () => { upstream: Upstream; base: string }
  /** The request's traceparent, for the ACL call. */
  traceparent: (c: Context) => string | undefined
}) {
  const app = new Hono()
  app.get('/activity', async (c) => {
    const found = await sessionOf(deps, c.req.raw)
    const session = found && (await deps.refresher.fresh(found))
    if (!session) throw new ConsoleError(401, 'access_denied', 'Your session has ended. Sign in again to continue.')
    const organization = c.req.query('organization') ?? ''
    if (!/^[\w-]{1,128}$/.test(organization))
      throw new ConsoleError(400, 'invalid_request', 'Name the organization: ?organization={organizationID}.')

    const { upstream, base } = deps.identity()
    const traceparent = deps.traceparent(c)
    const answer = await upstream(
      new Request(`${base}/api/v1/organizations/${organization}/acl`, {
        headers: {
          authorization: `Bearer ${session.token}`,
          accept: 'application/json',
          ...(traceparent ? { traceparent } : {}),
        },
        signal: AbortSignal.timeout(deps.config.upstreamTimeoutMs),
      }),
    ).catch(() => undefined)
    // The ACL is hidden in the platform's documents, and a deployment may not route it: then no answer says what the
    // caller may read, and none will on any later ask (501, which the SPA reads as not offered and stops asking).
    // A 404 in the platform's own error body names an organization it does not know, not a missing route.
    const notRouted =
      answer?.status === 404 ? !/json/.test(answer.headers.get('content-type') ?? '') : answer?.status === 405
    if (answer && (notRouted || answer.status === 501)) {
      await answer.body?.cancel()
      throw new ConsoleError(
        501,
        'not_implemented',
        'The activity cannot be shown here: this platform does not answer the ACL (GET …/acl), which the console asks to know which changes you may see.',
      )
    }
    if (!answer?.ok) {
      await answer?.body?.cancel()
      throw new ConsoleError(
        answer && answer.status < 500 ? 403 : 502,
        answer && answer.status < 500 ? 'forbidden' : 'upstream_unreachable',
        answer && answer.status < 500
          ? 'The activity of an organization is shown to its members only, and the identity API did not confirm you are one.'
          : 'The identity API could not be asked what you may read, so the activity cannot be shown. Try again shortly.',
      )
    }
    const acl = (await answer.json()) as Acl
    await loadDeclaredRoutes()
    const { since, before, beforeTrace } = c.req.query()
    for (const [name, value] of [
      ['since', since],
      ['before', before],
    ] as const) {
      // Compared as text with the entries' times: anything but an ISO time would match nothing or everything.
      if (value !== undefined && !ISO_TIME.test(value))
        throw new ConsoleError(400, 'invalid_request', `${name} must be an ISO time, such as 2026-11-26T10:00:00.000Z.`)
    }
    const limit = c.req.query('limit') ?? String(PAGE)
    if (!/^\d{1,3}$/.test(limit) || Number(limit) < 1 || Number(limit) > PAGE)
      throw new ConsoleError(400, 'invalid_request', `limit must be a whole number from 1 to ${PAGE}.`)
    const persons = c.req.queries('person') ?? []
    const kindsAsked = c.req.queries('kind') ?? []
    const outcomes = c.req.queries('outcome') ?? []
    const readable = new Map<string, boolean>()
    const [all, dropped] = await Promise.all([deps.activity.list(organization), deps.activity.dropped(organization)])
    const visible = all.filter((entry: ActivityEntry) => {
      if (!readable.has(entry.kind)) readable.set(entry.kind, mayRead(acl, entry.kind))
      return readable.get(entry.kind)
    })
    const entries = visible.filter((entry) => {
      return (
        (!persons.length || persons.includes(entry.subject)) &&
        (!kindsAsked.length || kindsAsked.includes(entry.kind)) &&
        (!outcomes.length || outcomes.includes(outcomeOf(entry))) &&
        (!since || entry.at >= since)
      )
    })
    const start = before === undefined ? 0 : pageStart(entries, before, beforeTrace)
    // The filters' choices: everyone and every kind the caller may see, whatever is filtered now.
    const people = new Map(visible.map((entry) => [entry.subject, entry.displayName]))
    return jsonResponse(200, {
      entries: entries.slice(start, start + Number(limit)),
      total: entries.length,
      people: [...people].map(([subject, displayName]) => ({ subject, displayName })),
      kinds: [...new Set(visible.map((entry) => entry.kind))].sort(),
      // Said of the caller's role, whatever the log holds, so that it tells them nothing of what others changed.
      unreadable: allKinds().filter((kind) => !mayRead(acl, kind)),
      dropped,
    })
  })
  return app
}
