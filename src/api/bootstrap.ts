// The first screen's reads, asked for by index.html's preload before any script ran (server/console/bootstrap.ts):
// the session, the console's configuration, the scope (organizations, projects, regions), the ACL and the opened
// page's list (or the overview's reads), in one round trip that starts with the HTML. Each part is the answer to one
// request the SPA makes anyway; the client (client.ts) takes it in place of sending that request, once, so the query
// that asks for it is filled by it and nothing asks the server again. What the bootstrap did not carry is sent as
// before.

/** An answer as the client reads it from the console server: by fetch, or carried by the bootstrap. */
export interface Answer {
  status: number
  statusText: string
  contentType: string
  traceId?: string
  sessionEnded: boolean
  /** Why the console server holds no session (its X-Console-Session-End), when it ended the session itself. */
  sessionEnd?: string
  /** Its Retry-After, on a refusal that says when to ask again (429, 503). */
  retryAfter?: string
  text: string
}

const parts = new Map<string, Answer>()
let ended = true
/** The parts still to come, once the server has said (a `coming` line); until then any request may be carried. */
let coming: Set<string> | undefined
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
  coming = undefined
  expectMore()
  void read(`/console/bootstrap?page=${encodeURIComponent(location.pathname + location.search)}`)
    .catch(() => undefined)
    .finally(() => {
      ended = true
      arrived()
      setTimeout(() => parts.clear(), KEPT_MS)
    })
}

/** What the server says of a part before its body: the answer's status and headers, and the body's length. */
type Head = Omit<Answer, 'statusText' | 'text'> & { url: string; length: number }

/**
 * Reads the parts as they arrive, each there for its request as soon as its body is in: a line of JSON (the head),
 * then `length` characters of body as the server's own read answered, then a newline (server/console/bootstrap.ts).
 */
async function read(url: string): Promise<void> {
  // No options: the preload was made with these (same-origin credentials, CORS mode), and only a request like it
  // takes its answer.
  const response = await fetch(url)
  // Signed out (401) or anything else: nothing is carried, and the SPA asks for itself.
  if (!response.ok || !response.body) return void (await response.body?.cancel())
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  // The current head's or body's pieces so far, joined once whole: appending to one string and searching it whole
  // copied and rescanned every byte so far at each chunk, quadratic in a large list's part (bench/list-render.bench.ts
  // opens 10,000 networks).
  let pieces: string[] = []
  // The part whose body is arriving, and how many of its characters are still to come.
  let head: Head | undefined
  let wanted = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return
    let at = 0
    while (at < value.length) {
      if (head) {
        const end = Math.min(value.length, at + wanted)
        pieces.push(value.slice(at, end))
        wanted -= end - at
        at = end
      } else {
        const end = value.indexOf('\n', at)
        if (end < 0) {
          pieces.push(value.slice(at))
          break
        }
        pieces.push(value.slice(at, end))
        at = end + 1
        const line = pieces.join('')
        pieces = []
        // The newline that ends a body.
        if (!line) continue
        const parsed = JSON.parse(line) as Head | Coming
        if ('coming' in parsed) {
          announce(parsed.coming)
          continue
        }
        head = parsed
        wanted = head.length
      }
      if (head && wanted === 0) {
        carry(head, pieces.join(''))
        pieces = []
        head = undefined
      }
    }
  }
}

/** Once the server has asked every read it will carry: those whose parts are still to come, and nothing else. */
interface Coming {
  coming: string[]
}

/** Keeps one part's answer for its request, and wakes whoever waits for it. */
function carry({ url, length: _length, ...answer }: Head, text: string) {
  parts.set(url, { ...answer, statusText: '', text })
  wakeWaiting()
}

/**
 * From now on, a request the bootstrap will not carry is sent at once, not held until the bootstrap has ended. A later
 * line adds the reads asked since (a detail page's, once its item is in), before the part they follow from.
 */
function announce(urls: string[]) {
  coming = new Set([...(coming ?? []), ...urls])
  wakeWaiting()
}

function wakeWaiting() {
  const wake = arrived
  expectMore()
  wake()
}

/**
 * The bootstrap's answer to a GET of `url` (the console server's path and query), taken once; undefined when it
 * does not carry one. While the bootstrap is still arriving, waits for it, as its answer may be on the way; once the
 * server has named the parts still to come, only for those.
 */
export async function takeCarried(url: string): Promise<Answer | undefined> {
  for (;;) {
    const answer = parts.get(url)
    if (answer) {
      parts.delete(url)
      coming?.delete(url)
      return answer
    }
    if (ended || (coming && !coming.has(url))) return undefined
    await next
  }
}
