import type { ServerResponse } from 'node:http'

/**
 * Where the bootstrap's bytes go as it writes them. A write is never waited on but where the sink says so (`write`
 * returns a promise): a browser that went away fails its writes, and nothing is left to tell.
 */
export interface Sink {
  write(bytes: Uint8Array): Promise<void> | void
  close(): Promise<void>
  abort(error: unknown): Promise<void>
}

/** A web stream's writable side, for an answer made a web Response (a call in-process, with no Node response). */
export function webSink(writable: WritableStream<Uint8Array>): Sink {
  const writer = writable.getWriter()
  return {
    write: (bytes) => writer.write(bytes).catch(() => undefined),
    close: () => writer.close(),
    abort: (error) => writer.abort(error).catch(() => undefined),
  }
}

/**
 * Node's response itself, its head sent at once as a streamed Response's was: a web stream between the bootstrap and
 * the socket cost a stream, its reader and a promise per write at every first screen.
 */
export function nodeSink(outgoing: ServerResponse, headers: Record<string, string>): Sink {
  outgoing.writeHead(200, headers)
  outgoing.flushHeaders()
  return {
    write: (bytes) => {
      if (!outgoing.destroyed) outgoing.write(bytes)
    },
    // Not waited for: a response whose socket has gone may never say it finished.
    close: async () => {
      outgoing.end()
    },
    abort: async (error) => {
      outgoing.destroy(error instanceof Error ? error : undefined)
    },
  }
}
