import { monitorEventLoopDelay } from 'node:perf_hooks'
import { startLocalCloud } from '../server/local-cloud/testing.ts'
import { unseenWordInputs } from '../server/local-cloud/services/inference/unseen-words.ts'
import { startClientProcess } from './client-process.ts'

/**
 * How long the local cloud's event loop stalls while it answers heavy embeddings requests: a 1 MB unbroken word
 * (the freeze) and a large valid request. The server runs in this
 * process, so the loop measured is the one that answers every other request; a request to another service is timed
 * while each runs. The clients are processes of their own (client-process.ts), so the loop does the server's work alone.
 */

const started = await startLocalCloud()
const token = started.cloud.tokens.admin

const [client, other] = await Promise.all([startClientProcess(), startClientProcess()])
const ask = (body: unknown) => ({
  url: `${started.url}/local/inference/v1/embeddings`,
  headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
})
const beside = {
  url: `${started.url}/local/identity/api/v1/organizations`,
  headers: { Authorization: `Bearer ${token}` },
}

async function measure(label: string, body: unknown): Promise<string> {
  const delay = monitorEventLoopDelay({ resolution: 5 })
  delay.enable()
  const others = await other.besides({ ...beside, paceMs: 0 })
  const { status, ms } = await client.post(ask(body))
  const times = await others.stop()
  delay.disable()
  const stall = delay.max / 1e6
  return `embeddings ${label}: ${status} in ${ms.toFixed(0)} ms; event-loop stall max ${stall.toFixed(1)} ms; ${times.length} concurrent requests to another service, slowest ${Math.max(...times).toFixed(1)} ms`
}

/** The same measurement with no embeddings request: what the machine's load alone costs the loop. */
async function baseline(ms: number): Promise<string> {
  const delay = monitorEventLoopDelay({ resolution: 5 })
  delay.enable()
  const others = await other.besides({ ...beside, paceMs: 0 })
  await new Promise((resolve) => setTimeout(resolve, ms))
  const times = await others.stop()
  delay.disable()
  return `embeddings baseline, no embeddings request for ${ms} ms: event-loop stall max ${(delay.max / 1e6).toFixed(1)} ms; ${times.length} requests to another service, slowest ${Math.max(...times).toFixed(1)} ms`
}

try {
  // The first request starts the embeddings thread.
  await client.post(ask({ model: 'bge-m3', input: 'warm up' }))
  console.log(await baseline(1000))
  console.log(await measure('1 MB unbroken word', { model: 'bge-m3', input: 'a'.repeat(1024 * 1024) }))
  const input = unseenWordInputs()
  console.log(await measure('400 k characters of unseen words in 200 inputs', { model: 'bge-m3', input }))
} finally {
  client.close()
  other.close()
  await started.stop()
}
