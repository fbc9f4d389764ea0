import { monitorEventLoopDelay } from 'node:perf_hooks'
import { startLocalCloud } from '../server/local-cloud/testing.ts'
import { unseenWordInputs } from '../server/local-cloud/services/inference/unseen-words.ts'

/**
 * How long the local cloud's event loop stalls while it answers heavy embeddings requests: a 1 MB unbroken word
 * (the freeze: 128 k characters held the loop for 46 s) and a large valid request. The server runs in this
 * process, so the loop measured is the one that answers every other request; a request to another service is timed
 * while each runs.
 */

const started = await startLocalCloud()
const token = started.cloud.tokens.admin

function embed(body: unknown): Promise<Response> {
  return fetch(`${started.url}/local/inference/v1/embeddings`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
}

async function otherRequestMs(): Promise<number> {
  const t0 = performance.now()
  const res = await fetch(`${started.url}/local/identity/api/v1/organizations`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  await res.arrayBuffer()
  return performance.now() - t0
}

async function measure(label: string, body: unknown): Promise<string> {
  const delay = monitorEventLoopDelay({ resolution: 5 })
  delay.enable()
  const t0 = performance.now()
  const request = embed(body).then(async (res) => ({ status: res.status, bytes: (await res.arrayBuffer()).byteLength }))
  let done = false
  void request.finally(() => (done = true))
  const others: number[] = []
  while (!done) others.push(await otherRequestMs())
  const { status } = await request
  const ms = performance.now() - t0
  delay.disable()
  const stall = delay.max / 1e6
  const worst = Math.max(...others)
  return `embeddings ${label}: ${status} in ${ms.toFixed(0)} ms; event-loop stall max ${stall.toFixed(1)} ms; ${others.length} concurrent requests to another service, slowest ${worst.toFixed(1)} ms`
}

/** The same measurement with no embeddings request: what the machine's load alone costs the loop. */
async function baseline(ms: number): Promise<string> {
  const delay = monitorEventLoopDelay({ resolution: 5 })
  delay.enable()
  const until = performance.now() + ms
  const others: number[] = []
  while (performance.now() < until) others.push(await otherRequestMs())
  delay.disable()
  return `embeddings baseline, no embeddings request for ${ms} ms: event-loop stall max ${(delay.max / 1e6).toFixed(1)} ms; ${others.length} requests to another service, slowest ${Math.max(...others).toFixed(1)} ms`
}

try {
  // The first request starts the embeddings thread.
  await embed({ model: 'bge-m3', input: 'warm up' })
  console.log(await baseline(1000))
  console.log(await measure('1 MB unbroken word', { model: 'bge-m3', input: 'a'.repeat(1024 * 1024) }))
  const input = unseenWordInputs()
  console.log(await measure('400 k characters of unseen words in 200 inputs', { model: 'bge-m3', input }))
} finally {
  await started.stop()
}
