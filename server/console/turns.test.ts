import { createServer, connect } from 'node:net'
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { TurnQueue } from './turns.ts'

/** Holds the event loop for `ms`, as a read's synchronous work does. */
function busy(ms: number) {
  const until = performance.now() + ms
  while (performance.now() < until);
}

describe('reads put off for their turn', () => {
  it('start in the order they came, one a turn, and a new connection is accepted between them', async () => {
    const server = createServer()
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const { port } = server.address() as { port: number }
    const events: string[] = []
    server.on('connection', (socket) => {
      events.push('accepted')
      socket.destroy()
    })
    const turns = new TurnQueue(250)
    const reads = 30
    let started = 0
    const allStarted = new Promise<void>((resolve) => {
      for (let n = 0; n < reads; n++)
        turns.later(() => {
          events.push(`read ${n}`)
          busy(10)
          if (++started === reads) resolve()
        })
    })
    // A client connects while 300 ms of reads wait: it is accepted after a read or two, not after all of them.
    const client = connect(port, '127.0.0.1')
    await allStarted
    client.destroy()
    server.close()
    const accepted = events.indexOf('accepted')
    expect(accepted).toBeGreaterThan(-1)
    expect(accepted).toBeLessThan(5)
    expect(events.filter((event) => event !== 'accepted')).toEqual(Array.from({ length: reads }, (_, n) => `read ${n}`))
  })

  it('starts a write or a sign-in on a later turn, before every read waiting', async () => {
    const turns = new TurnQueue(250)
    const events: string[] = []
    const done = new Promise<void>((resolve) => {
      for (let n = 0; n < 3; n++) turns.later(() => void events.push(`read ${n}`))
      turns.soon(() => void events.push('write'))
      turns.soon(() => void events.push('sign-in'))
      turns.later(() => resolve())
    })
    events.push('all queued')
    expect(turns.length).toBe(6)
    await done
    expect(events).toEqual(['all queued', 'write', 'sign-in', 'read 0', 'read 1', 'read 2'])
  })

  it("starts a crowded session's reads once no other read waits, and counts its wait behind them", async () => {
    let at = 0
    const turns = new TurnQueue(250, () => at)
    const events: string[] = []
    // Each start is 10 ms after the one before.
    const start = (event: string) => () => {
      events.push(event)
      at += 10
    }
    await new Promise<void>((resolve) => {
      for (let n = 0; n < 4; n++) turns.later(start(`script ${n}`), true)
      turns.later(start('page'))
      turns.soon(start('write'))
      turns.later(() => {
        start('another page')()
        resolve()
      })
    })
    expect(events).toEqual(['write', 'page', 'another page'])
    // Four of the script's reads wait: a page read put off now waits for none of them, the script's next for all.
    expect(turns.length).toBe(4)
    expect(turns.uncrowdedWaitMs).toBe(0)
    expect(turns.expectedWaitMs).toBe(40)
  })

  /** Reads queued at 0 that start, one a turn, as the clock reads `times`; `queued` more stay waiting behind them. */
  async function startAt(times: number[], queued = 1) {
    let at = 0
    const turns = new TurnQueue(250, () => at)
    await new Promise<void>((resolve) => {
      times.forEach((_, n) =>
        turns.later(() => {
          if (n === times.length - 1) resolve()
          else at = times[n + 1]!
        }),
      )
      for (let n = 0; n < queued; n++) turns.later(() => undefined)
      at = times[0]!
    })
    return { turns, setClock: (ms: number) => (at = ms) }
  }

  it('expects a read put off now to wait the reads ahead of it at the pace reads have lately started', async () => {
    const { turns } = await startAt([0, 10, 20, 30, 40], 3)
    expect(turns.length).toBe(3)
    expect(turns.expectedWaitMs).toBe(30)
  })

  it("lets a collector's pause move that pace only a little", async () => {
    // A second of starts 2 ms apart, then one after a 100 ms pause: the reads waiting then are no slower to start
    // than before it, once it is over. Averaged over the last 128 starts, the pause made their wait 38 % longer, and
    // the reads read just after it (which had waited through it) were refused, the slowest refusals of all.
    const times = Array.from({ length: 501 }, (_, n) => n * 2)
    times.push(times.at(-1)! + 100)
    const { turns } = await startAt(times, 16)
    expect(turns.expectedWaitMs).toBeGreaterThan(16 * 2)
    expect(turns.expectedWaitMs).toBeLessThan(16 * 2 * 1.1)
  })

  it("counts no time when no read waited as the queue's pace", async () => {
    const { turns, setClock } = await startAt([0, 10], 0)
    expect(turns.expectedWaitMs).toBe(0)
    // Idle for a second; then two reads come, and the first starts at once.
    setClock(1000)
    await new Promise<void>((resolve) => turns.later(resolve))
    turns.later(() => undefined)
    expect(turns.expectedWaitMs).toBe(10)
  })
})
