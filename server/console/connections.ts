import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { ConsoleConfig } from '../config.ts'

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>

type ConnectionLimits = Pick<ConsoleConfig, 'headersTimeoutMs' | 'requestTimeoutMs' | 'keepAliveTimeoutMs'>

/**
 * The console's HTTP server, with deadlines on what a client sends: a connection that sends nothing is closed after
 * HEADERS_TIMEOUT_MS (Node's own headersTimeout only starts at a request's first byte, so a silent connection would
 * otherwise hold its file descriptor forever), headers that never finish get 408 at the same deadline, a request
 * whose body is still arriving after REQUEST_TIMEOUT_MS gets 408, and an idle keep-alive connection is closed after
 * KEEP_ALIVE_TIMEOUT_MS. An answer sent before its request's body was read closes its connection.
 */
export function createConsoleHttpServer(handler: Handler, limits: ConnectionLimits): Server {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // Node checks those two deadlines on this interval (30 s by default): often enough that they hold to ~10%.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.round(limits.headersTimeoutMs / 10))),
    },
    (req, res) => {
      closeIfBodyUnread(req, res)
      return handler(req, res)
    },
  )
  server.on('connection', (socket) => {
    const timer = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy()
    }, limits.headersTimeoutMs)
    timer.unref()
    socket.once('close', () => clearTimeout(timer))
  })
  return server
}

/**
 * A refused body (415, 413, a 401 or 403 on a write) is answered before it has been read. The rest is read and
 * dropped, but the answer said keep-alive while the connection still carried the body: a client that sent its next
 * request on it was reset (the body's drain is cut after half a second). Such an answer says `Connection: close`
 * instead, so the client opens a new connection for its next request; a body read whole keeps its connection. A
 * request without a body is complete once its headers are read (Node marks it so only after the 'request' event): an
 * answer made at once (a read refused at the door, shed.ts) keeps its connection.
 */
function closeIfBodyUnread(req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
    if (!req.complete && carriesBody(req)) this.shouldKeepAlive = false
    return writeHead.apply(this, args)
  } as ServerResponse['writeHead']
}

const carriesBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0
