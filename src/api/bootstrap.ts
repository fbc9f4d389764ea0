// The first screen's reads, asked for by index.html's preload before any script ran (server/console/bootstrap.ts):
// the session, the console's configuration, the scope (organizations, projects, regions), the ACL and the opened
// page's list, in one round trip that starts with the HTML. Each part is the answer to one request the SPA makes
// anyway; the client (client.ts) takes it in place of sending that request, once, so the query that asks for it is
// filled by it and nothing asks the server again. What the bootstrap did not carry is sent as before.

/** An answer as the client reads it from the console server: by fetch, or carried by the bootstrap. */
export interface Answer {
  status: number
  statusText: string
  contentType: string
  traceId?: string
  sessionEnded: boolean
  text: string
}

const parts = new Map<string, Answer>()
let ended = true
let arrived: () => void = () => undefined
let next = Promise.resolve()

// Carried answers are for the page that was opened: one its code did not take soon after is not kept for later.
const KEPT_MS = 30_000

function expectMore() {
  next = new Promise<void>((resolve) => (arrived = resolve))
}

/** Takes the bootstrap the HTML preloaded for the page at `location` (the same URL, so the browser's preload answers). */
export function startBootstrap(location: { pathname: string; search: string }): void {
  ended = false
  expectMore()
  void read(`/console/bootstrap?page=${encodeURIComponent(location.pathname + location.search)}`)
    .catch(() => undefined)
    .finally(() => {
      ended = true
      arrived()
      setTimeout(() => parts.clear(), KEPT_MS)
    })
}

/** Reads the NDJSON answer line by line: each part is there for its request as soon as it arrives. */
async function read(url: string): Promise<void> {
  // No options: the preload was made with these (same-origin credentials, CORS mode), and only a request like it
  // takes its answer.
  const response = await fetch(url)
  // Signed out (401) or anything else: nothing is carried, and the SPA asks for itself.
  if (!response.ok || !response.body) return void (await response.body?.cancel())
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return
    buffer += value
    let end: number
    while ((end = buffer.indexOf('\n')) >= 0) {
      const part = JSON.parse(buffer.slice(0, end)) as Omit<Answer, 'statusText'> & { url: string }
      buffer = buffer.slice(end + 1)
      const { url: partUrl, ...answer } = part
      parts.set(partUrl, { ...answer, statusText: '' })
      const wake = arrived
      expectMore()
      wake()
    }
  }
}

/**
 * The bootstrap's answer to a GET of `url` (the console server's path and query), taken once; undefined when it
 * does not carry one. While the bootstrap is still arriving, waits for it: its answer is on the way.
 */
export async function takeCarried(url: string): Promise<Answer | undefined> {
  for (;;) {
    const answer = parts.get(url)
    if (answer) {
      parts.delete(url)
      return answer
    }
    if (ended) return undefined
    await next
  }
}
