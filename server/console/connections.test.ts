// Connections as a slow or hostile client holds them: silent ones, and ones whose refused body is still arriving.
import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startConsoleServer, type RunningConsole } from './test-support.ts'

const HEADERS_TIMEOUT_MS = 600
let running: RunningConsole

beforeAll(async () => {
  running = await startConsoleServer({
    REGION_URL: 'http://127.0.0.1:9',
    IDENTITY_URL: 'http://127.0.0.1:9',
    HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
  })
})
afterAll(() => running.close())

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(running.port, '127.0.0.1', () => resolve(socket))
    socket.once('error', reject)
  })
}

/** Resolves when the server closes the socket, with the milliseconds since `since`; rejects past `withinMs`. */
function closedBy(socket: Socket, since: number, withinMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still open after ${withinMs} ms`)), withinMs)
    socket.once('close', () => {
      clearTimeout(timer)
      resolve(Date.now() - since)
    })
    socket.resume()
  })
}

interface Answer {
  status: number
  headers: Record<string, string>
}

/** Reads the answers of one connection as they come, each head and its Content-Length body. */
function reader(socket: Socket) {
  let buffered = Buffer.alloc(0)
  let ended = false
  const waiting: (() => void)[] = []
  const wake = () => waiting.splice(0).forEach((resolve) => resolve())
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk])
    wake()
  })
  socket.on('close', () => {
    ended = true
    wake()
  })
  socket.on('error', () => undefined)
  return {
    async next(): Promise<Answer | 'closed'> {
      for (;;) {
        const end = buffered.indexOf('\r\n\r\n')
        if (end >= 0) {
          const [statusLine, ...lines] = buffered.subarray(0, end).toString().split('\r\n')
          const headers = Object.fromEntries(
            lines.map((line) => [
              line.slice(0, line.indexOf(':')).toLowerCase(),
              line.slice(line.indexOf(':') + 1).trim(),
            ]),
          )
          const length = Number(headers['content-length'] ?? 0)
          if (buffered.length >= end + 4 + length) {
            buffered = buffered.subarray(end + 4 + length)
            return { status: Number(statusLine!.split(' ')[1]), headers }
          }
        }
        if (ended) return 'closed'
        await new Promise<void>((resolve) => waiting.push(resolve))
      }
    },
  }
}

describe('connections that send nothing', () => {
  it('closes each one once HEADERS_TIMEOUT_MS has passed', async () => {
    const started = Date.now()
    const silent = await Promise.all(Array.from({ length: 50 }, open))
    const closedAfter = await Promise.all(silent.map((socket) => closedBy(socket, started, 5_000)))
    expect(Math.min(...closedAfter)).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50)
  })

  it('keeps answering other clients while hundreds of them are open', async () => {
    const silent = await Promise.all(Array.from({ length: 300 }, open))
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => fetch(`${running.base}/console/health`).then((res) => res.status)),
      )
      expect(answers).toEqual(Array(20).fill(200))
    } finally {
      for (const socket of silent) socket.destroy()
    }
  })

  it('answers 408 to headers that never finish', async () => {
    const socket = await open()
    const answers = reader(socket)
    socket.write(`GET /console/health HTTP/1.1\r\nHost: 127.0.0.1:${running.port}\r\n`)
    expect(await answers.next()).toMatchObject({ status: 408 })
  })
})

describe('a refused body on a keep-alive connection', () => {
  const BODY = 2 * 1024 * 1024
  const head = (type: string) =>
    `POST /console/session HTTP/1.1\r\nHost: 127.0.0.1:${running.port}\r\nX-Requested-With: cloud-console\r\n` +
    `Content-Type: ${type}\r\nContent-Length: ${BODY}\r\n\r\n`
  const health = () => `GET /console/health HTTP/1.1\r\nHost: 127.0.0.1:${running.port}\r\n\r\n`

  it('keeps requests whose body was read on one connection', async () => {
    const socket = await open()
    const answers = reader(socket)
    socket.write(health())
    expect(await answers.next()).toMatchObject({ status: 200, headers: { connection: 'keep-alive' } })
    // Read whole, then refused for what it says (no token in it).
    socket.write(head('application/json').replace(String(BODY), '2') + '{}')
    expect(await answers.next()).toMatchObject({ status: 400, headers: { connection: 'keep-alive' } })
    socket.write(health())
    expect(await answers.next()).toMatchObject({ status: 200, headers: { connection: 'keep-alive' } })
    socket.destroy()
  })

  it('says Connection: close when it answers before the body has arrived, so no next request is reset', async () => {
    const socket = await open()
    const answers = reader(socket)
    socket.write(head('text/plain'))
    socket.write(Buffer.alloc(1000, 'a'))
    const refused = await answers.next()
    expect(refused).toMatchObject({ status: 415, headers: { connection: 'close' } })
    // The client sends the rest of what it started; the answer told it not to send another request here.
    socket.write(Buffer.alloc(BODY - 1000, 'a'))
    expect(await answers.next()).toBe('closed')
  })

  it('never says keep-alive and then resets the next request on that connection', async () => {
    for (const type of ['text/plain', 'application/json']) {
      const socket = await open()
      const answers = reader(socket)
      socket.write(head(type))
      socket.write(Buffer.alloc(BODY, 'a'))
      // Sent with the body, as a pipelining client would: it is read once the refused body has been drained.
      socket.write(health())
      const refused = await answers.next()
      expect(refused).toMatchObject({ status: type === 'text/plain' ? 415 : 413 })
      if (refused !== 'closed' && refused.headers.connection !== 'close')
        expect(await answers.next()).toMatchObject({ status: 200 })
      socket.destroy()
    }
  })
})
