import { monitorEventLoopDelay } from 'node:perf_hooks'
import { startLocalCloud } from '../server/local-cloud/testing.ts'
import { type Posted, startClientProcess } from './client-process.ts'
import { loadNote } from './harness.ts'

/**
 * The local cloud's embeddings, before (LOCAL_CLOUD_EMBEDDINGS=lexical, feature hashing) and after (the sentence
 * encoder, the default), in one run: 1,000 short inputs (up to 20 words) in one request, as the playground sends them;
 * the event loop's longest stall meanwhile, with requests to another service timed beside it; the process's RSS
 * growth once the encoder is loaded; the first request (which loads it) and a one-input request (a search query).
 * Targets: 1,000 inputs in ≤ 5 s, no stall over 20 ms, ≤ 300 MB more RSS. The CPU time beside the 1,000 inputs
 * is what they cost whatever else the machine is doing. The server runs in this process, so the
 * loop measured is the one that answers every other request, and the RSS is the server's.
 */

const TOPICS = [
  ['cat', 'kitten', 'dog', 'puppy', 'parrot', 'hamster', 'goldfish', 'rabbit'],
  ['shares', 'bonds', 'interest rates', 'the stock market', 'inflation', 'dividends', 'a pension fund', 'the budget'],
  ['password', 'login', 'two-factor code', 'account', 'passkey', 'security question', 'recovery email', 'PIN'],
]
const VERBS = ['needs', 'changed', 'worries about', 'looked at', 'depends on', 'grew with', 'fell after', 'beats']
const TAILS = ['', 'this morning', 'after the long weekend at home', 'more than anyone in the office expected it to']

/** 1,000 different sentences of 4 to 20 words on pets, finance and passwords, the same on every run. */
function shortInputs(count = 1000): string[] {
  let seed = 7
  const pick = <T>(items: readonly T[]) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return items[seed % items.length]!
  }
  return Array.from({ length: count }, (_, i) => {
    const topic = TOPICS[i % TOPICS.length]!
    return `${i}: my ${pick(topic)} ${pick(VERBS)} the ${pick(topic)} ${pick(TAILS)}`.trim()
  })
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`

async function measure(embeddings: 'lexical' | 'model'): Promise<void> {
  const started = await startLocalCloud({ embeddings })
  const token = started.cloud.tokens.admin
  // The clients are processes of their own (client-process.ts): this event loop and this RSS are the server's alone.
  const [client, other] = await Promise.all([startClientProcess(), startClientProcess()])
  const ask = (input: string | string[]) => ({
    url: `${started.url}/local/inference/v1/embeddings`,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ model: 'bge-m3', input }),
  })
  const check = ({ ms, status, items }: Posted, count: number) => {
    if (status !== 200 || items !== count) throw new Error(`embeddings answered ${status}: ${items}`)
    return ms
  }
  const embed = async (input: string | string[]) =>
    check(await client.post(ask(input)), Array.isArray(input) ? input.length : 1)
  try {
    global.gc?.()
    const idleRss = process.memoryUsage().rss
    const first = await embed('The first request starts the embeddings thread (and loads the encoder).')
    const inputs = shortInputs()
    const delay = monitorEventLoopDelay({ resolution: 5 })
    delay.enable()
    const cpu = process.cpuUsage()
    // Paced, so the other requests take the event loop's share of the machine, not the encoder's thread's.
    const beside = await other.besides({
      url: `${started.url}/local/identity/api/v1/organizations`,
      headers: { Authorization: `Bearer ${token}` },
      paceMs: 10,
    })
    const posted = await client.post(ask(inputs))
    const others = await beside.stop()
    const { user, system } = process.cpuUsage(cpu)
    delay.disable()
    const one = await embed('a kitten sleeping on the windowsill')
    const rss = process.memoryUsage().rss
    const thousandMs = check(posted, inputs.length)
    console.log(
      `embeddings ${embeddings === 'model' ? 'after, sentence encoder' : 'before, lexical'} (${loadNote()}): ` +
        `1,000 short inputs in ${thousandMs.toFixed(0)} ms (target ≤ 5,000; the process's CPU time meanwhile, every ` +
        `thread, ${((user + system) / 1000).toFixed(0)} ms); event-loop stall max ` +
        `${(delay.max / 1e6).toFixed(1)} ms (target ≤ 20), ${others.length} requests to another service meanwhile, ` +
        `slowest ${Math.max(...others).toFixed(1)} ms; first request ${first.toFixed(0)} ms; one input ` +
        `${one.toFixed(0)} ms; RSS ${mb(idleRss)} idle → ${mb(rss)} (+${mb(rss - idleRss)}, target ≤ +300 MB)`,
    )
  } finally {
    client.close()
    other.close()
    await started.stop()
  }
}

// Before, then after: the lexical run starts the embeddings thread, so the encoder's RSS is what the second adds.
await measure('lexical')
await measure('model')
