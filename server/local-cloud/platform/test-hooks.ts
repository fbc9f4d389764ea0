// The local cloud's test hooks (LOCAL_CLOUD_TEST_HOOKS=true), for end-to-end tests only: answer-next here, the hung
// calls in hung-calls.ts, the OpenID provider's testing route. Each speaks for or alters the demo organization, so
// only a caller holding the local cloud's admin token (LOCAL_CLOUD_TOKEN) may use one; and each names the requests it
// touches by their exact pathname, never by a pattern it would run against every request.
import { createHash, timingSafeEqual } from 'node:crypto'
import { bearerToken } from './auth.ts'

/** What the server logs at start while the hooks are on. */
export const TEST_HOOKS_WARNING =
  'LOCAL_CLOUD_TEST_HOOKS=true: the local cloud serves its test hooks (/local/testing/…), which let a holder of its admin token hold or rewrite answers. For end-to-end tests only: never on a console others can reach.'

/** Whether an Authorization header carries the admin token; the comparison takes as long whatever it carries. */
export function testHookCaller(adminToken: string): (authorization: string | null | undefined) => boolean {
  const expected = digest(adminToken)
  return (authorization) => timingSafeEqual(digest(bearerToken(authorization) ?? ''), expected)
}

/** The body of the hooks' 401, in the platform's error shape. */
export const HOOK_REFUSAL = {
  error: 'access_denied',
  error_description: "The local cloud's test hooks need its admin token (LOCAL_CLOUD_TOKEN) as a bearer token.",
}

export function refusedHook(): Response {
  return Response.json(HOOK_REFUSAL, { status: 401 })
}

/**
 * Why `path` is not a full pathname the local cloud serves (`/local/…`, no query, no pattern), or undefined when it
 * is: a caller still writing a regular expression hears so rather than waiting on a match that never comes.
 */
export function notAPlainPath(path: unknown): string | undefined {
  if (typeof path !== 'string' || !path.startsWith('/local/'))
    return 'path: the full pathname the local cloud serves, starting /local/'
  const pattern = /[?#*+^$()[\]{}|\\]/.exec(path)
  if (pattern) return `path: a plain pathname, matched exactly; “${pattern[0]}” belongs to a pattern or a query`
  return undefined
}

const ANSWER_NEXT = '/local/testing/answer-next'

/**
 * POST /local/testing/answer-next {caller, method, path, status, body?}: the next `method` request to `path` that
 * bears the token `caller` answers so, once. The e2e tests run in parallel against one local cloud, and an answer for
 * anyone was taken by another test's read of the same list: each test signs in with a token of its own
 * (/local/testing/caller) and names it here.
 */
export function answersNext(isAdmin: (authorization: string | null) => boolean) {
  const waiting: Array<{ caller: string; method: string; path: string; status: number; body: unknown }> = []
  return {
    async answer(request: Request): Promise<Response | undefined> {
      const url = new URL(request.url)
      if (url.pathname === ANSWER_NEXT && request.method === 'POST') {
        if (!isAdmin(request.headers.get('authorization'))) return refusedHook()
        const { caller, method, path, status, body } = ((await request.json().catch(() => null)) ?? {}) as Record<
          string,
          unknown
        >
        const problem =
          typeof caller !== 'string' || !caller
            ? 'caller: the bearer token whose request is answered (from /local/testing/caller)'
            : typeof method !== 'string' || typeof status !== 'number'
              ? 'method, path and status are needed'
              : notAPlainPath(path)
        if (problem) return Response.json({ error: 'invalid_request', error_description: problem }, { status: 400 })
        waiting.push({
          caller: caller as string,
          method: (method as string).toUpperCase(),
          path: path as string,
          status: status as number,
          body,
        })
        return new Response(null, { status: 204 })
      }
      if (waiting.length === 0) return undefined
      const token = bearerToken(request.headers.get('authorization'))
      const at = waiting.findIndex((w) => w.caller === token && w.method === request.method && w.path === url.pathname)
      if (at < 0) return undefined
      const { status, body: answer } = waiting.splice(at, 1)[0]!
      return answer === undefined ? new Response(null, { status }) : Response.json(answer, { status })
    },
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest()
}
