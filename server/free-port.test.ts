import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { freePort } from './free-port.ts'

describe('freePort', () => {
  it('gives a port outside the range the kernel hands to listen(0), so no other test can be given it meanwhile', async () => {
    const [lowest] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number)
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()))
    for (const port of ports) expect(port).toBeLessThan(lowest!)
    // And free: a server can listen on each.
    for (const port of ports.slice(0, 3)) {
      const server = createServer()
      await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve))
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
