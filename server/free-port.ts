import { createServer } from 'node:net'

// Below the kernel's ephemeral range (Linux: 32768–60999), where every listen(0) and every outgoing connection gets its
// port. A port found free in that range was closed again for the child to take, and another test's listen(0) could be
// given it first: a gate once saw a sign-in answered 401 by another test's console on the port its own child was
// still starting to take (server/console/activity-crash.test.ts).
const LOWEST = 20_000
const PAST_HIGHEST = 32_768

/** A TCP port free on 127.0.0.1 right now, for a child process that must be told its port before it listens. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * (PAST_HIGHEST - LOWEST))
    if (await isFree(port)) return port
  }
  throw new Error(`No free port found between ${LOWEST} and ${PAST_HIGHEST - 1} on 127.0.0.1`)
}

function isFree(port: number): Promise<boolean> {
  const server = createServer()
  return new Promise((resolve) => {
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}
