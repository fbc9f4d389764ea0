import { afterEach, expect, it, vi } from 'vitest'
import { startBootstrap, takeCarried } from './bootstrap'

afterEach(() => vi.unstubAllGlobals())

/** A bootstrap answer that arrives in the given pieces, as a large bootstrap does over the network. */
function streamed(pieces: string[]): Response {
  const bytes = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(bytes.encode(piece))
      controller.close()
    },
  })
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}

/** A part as the server writes it: a line of JSON with the body's length, the body as it came, a newline. */
const part = (url: string, text: string) =>
  `${JSON.stringify({ url, status: 200, contentType: 'application/json', sessionEnded: false, length: text.length })}\n${text}\n`

it('carries every part of the bootstrap, however its heads and bodies fall across the pieces that arrive', async () => {
  const list = part('/api/region/api/v2/networks', JSON.stringify(Array.from({ length: 50 }, (_, i) => `net-${i}`)))
  const session = part('/console/session', '{"signedIn":true}')
  const acl = part('/api/identity/acl', '{"scopes":[]}')
  const whole = session + list + acl
  // The session and the start of the list in one piece, the list over several, the ACL's last newline a piece alone.
  const cuts = [session.length + 10, session.length + 200, session.length + list.length - 1, whole.length - 1]
  const pieces = cuts.map((cut, i) => whole.slice(cuts[i - 1] ?? 0, cut)).concat(whole.slice(-1))
  vi.stubGlobal('fetch', () => Promise.resolve(streamed(pieces)))

  startBootstrap({ pathname: '/networks', search: '' })

  expect((await takeCarried('/console/session'))?.text).toBe('{"signedIn":true}')
  expect(JSON.parse((await takeCarried('/api/region/api/v2/networks'))!.text)).toHaveLength(50)
  expect((await takeCarried('/api/identity/acl'))?.text).toBe('{"scopes":[]}')
  // Each is taken once: the request that comes next goes to the server.
  expect(await takeCarried('/console/session')).toBeUndefined()
})

it('carries a body as it came, newlines and all, and an empty one', async () => {
  // A body with newlines of its own (pretty-printed JSON, an HTML error page) and one with none at all.
  const pretty = JSON.stringify({ error: 'bad gateway', detail: 'line\nbreak, café ☕ 🚀' }, null, 2)
  const whole = part('/api/identity/acl', pretty) + part('/console/config', '') + part('/console/session', 'null')
  vi.stubGlobal('fetch', () => Promise.resolve(streamed([whole.slice(0, 7), whole.slice(7, 40), whole.slice(40)])))

  startBootstrap({ pathname: '/', search: '' })

  expect((await takeCarried('/api/identity/acl'))?.text).toBe(pretty)
  expect((await takeCarried('/console/config'))?.text).toBe('')
  expect((await takeCarried('/console/session'))?.text).toBe('null')
})

it('once the server names the parts still to come, a request for anything else is not held for the rest', async () => {
  // The overview's networks part never comes (a hung service); the server has said it is coming, and nothing else.
  let finish: () => void = () => undefined
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const bytes = new TextEncoder()
      controller.enqueue(bytes.encode(part('/console/session', '{}') + '{"coming":["/api/region/api/v2/networks"]}\n'))
      finish = () => controller.close()
    },
  })
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(body)))

  startBootstrap({ pathname: '/', search: '' })

  expect((await takeCarried('/console/session'))?.text).toBe('{}')
  // Not carried and not coming: sent at once, while the stream is still open.
  expect(await takeCarried('/api/identity/api/v1/organizations/acme-ai/users')).toBeUndefined()
  // Coming: still waited for, until the bootstrap ends without it.
  let settled = false
  const networks = takeCarried('/api/region/api/v2/networks').then((answer) => ((settled = true), answer))
  await new Promise((resolve) => setTimeout(resolve, 0))
  expect(settled).toBe(false)
  finish()
  expect(await networks).toBeUndefined()
})

it("waits for reads named after the first line (a detail page's, once its item is in), and still for those named first", async () => {
  // The item answers late; the server names the reads it then asked before writing the item's part.
  const item = '/api/compute/api/v2/instances/i-1'
  const flavors = '/api/region/api/v1/organizations/acme-ai/regions/r-1/flavors'
  let send: (text: string) => void = () => undefined
  let finish: () => void = () => undefined
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const bytes = new TextEncoder()
      send = (text) => controller.enqueue(bytes.encode(text))
      finish = () => controller.close()
    },
  })
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(body)))

  startBootstrap({ pathname: '/instances/i-1', search: '' })
  send(part('/console/session', '{}') + `{"coming":["${item}"]}\n`)
  expect((await takeCarried('/console/session'))?.text).toBe('{}')
  send(`{"coming":["${flavors}"]}\n`)
  await new Promise((resolve) => setTimeout(resolve, 0))
  // Named in the second line: waited for, where it would otherwise have been asked a second time.
  const waiting = takeCarried(flavors)
  // Named in the first: still waited for, not dropped by the second line.
  let itemSettled = false
  const carriedItem = takeCarried(item).then((answer) => ((itemSettled = true), answer))
  await new Promise((resolve) => setTimeout(resolve, 0))
  expect(itemSettled).toBe(false)
  send(part(item, '{"id":"i-1"}') + part(flavors, '[]'))
  expect((await carriedItem)?.text).toBe('{"id":"i-1"}')
  expect((await waiting)?.text).toBe('[]')
  finish()
})
