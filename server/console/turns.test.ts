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

  /** Reads queued at 0 that start, one a turn, as the clock reads `waits`; `queued` more stay waiting behind them. */
  async function startAfter(waits: number[], queued = 1) {
    let at = 0
    const turns = new TurnQueue(250, () => at)
    await new Promise<void>((resolve) => {
      waits.forEach((_, n) =>
        turns.later(() => {
          if (n === waits.length - 1) resolve()
          else at = waits[n + 1]!
        }),
      )
      for (let n = 0; n < queued; n++) turns.later(() => undefined)
      at = waits[0]!
    })
    return { turns, advance: (ms: number) => (at += ms) }
  }

  it('is behind only once every read started for a while had waited past the target', async () => {
    const { turns, advance } = await startAfter([300, 320, 340, 360])
    // Behind since the first late start, at 300 ms, with a read still waiting.
    advance(140)
    expect(turns.behindMs).toBe(200)
  })

  it('is not behind after a stall whose late reads the next turns clear', async () => {
    // A stall: three reads started late, then one that waited less than the target.
    const { turns, advance } = await startAfter([600, 602, 604, 100])
    advance(1000)
    expect(turns.behindMs).toBe(0)
  })

  it('is not behind once no read waits', async () => {
    const { turns, advance } = await startAfter([600, 700], 0)
    advance(1000)
    expect(turns.behindMs).toBe(0)
  })
})
