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
    const turns = new TurnQueue()
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

  it('says how long the oldest read has waited, and nothing once all have started', async () => {
    let at = 0
    const turns = new TurnQueue(() => at)
    expect(turns.oldestWaitMs).toBe(0)
    const done = new Promise<void>((resolve) => {
      turns.later(() => undefined)
      at = 40
      turns.later(resolve)
    })
    at = 100
    expect(turns.oldestWaitMs).toBe(100)
    expect(turns.length).toBe(2)
    await done
    expect(turns.length).toBe(0)
    expect(turns.oldestWaitMs).toBe(0)
  })
})
