import { Readable, pipeline } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import {
  brotliCompressSync,
  constants,
  crc32,
  createBrotliCompress,
  createGzip,
  deflateRawSync,
  gzipSync,
  type BrotliCompress,
} from 'node:zlib'

// JSON and text compress well; small answers are not worth a compressor, event streams must not wait for a compressor's
// block.
const COMPRESSIBLE = /^(application\/([\w.+-]+\+)?json|text\/(plain|html|css|javascript))\s*(;|$)/i
const MIN_BYTES = 1024
// Up to this size an answer is compressed in one call, too short to hold up other requests; larger ones stream through.
const ONE_CALL_BYTES = 256 * 1024

/** Told the CPU time (seconds) each compression took on this thread, for the metrics. */
export type CompressionTimer = (encoding: 'br' | 'gzip', seconds: number) => void

const threadCpuUsage = (process as { threadCpuUsage?: (since?: NodeJS.CpuUsage) => NodeJS.CpuUsage }).threadCpuUsage

/**
 * The CPU time `work` takes, in seconds: this thread's where Node can tell (22.14, 23.9 on). Before that, the time the
 * call takes: `work` is synchronous on the one JavaScript thread, which does nothing else meanwhile, so it is this
 * thread's CPU time but for moments the kernel gave the core to another process. The process's CPU time, the other
 * measure Node has, counted what every other thread did meanwhile (the encoder's, the collector's helpers), and its
 * getrusage walked every thread twice a batch, a cost a profile of a console at its capacity showed plainly. Wall
 * time from a write to its flush, the measure before both, counted every other request the loop served in between
 * (issue 77: at 1,000 sessions 86 times the CPU).
 */
function cpuSecondsOf<T>(work: () => T): { result: T; seconds: number } {
  if (threadCpuUsage) {
    const before = threadCpuUsage.call(process)
    const result = work()
    const used = threadCpuUsage.call(process, before)
    return { result, seconds: (used.user + used.system) / 1e6 }
  }
  const started = performance.now()
  const result = work()
  return { result, seconds: (performance.now() - started) / 1e3 }
}

function acceptedEncodings(acceptEncoding: string | null): Set<string> {
  if (!acceptEncoding) return new Set()
  return new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name!.trim()),
  )
}

/** Brotli where the browser takes it, else gzip, else none; an explicit q=0 refuses an encoding. */
function preferredEncoding(acceptEncoding: string | null): 'br' | 'gzip' | undefined {
  const accepted = acceptedEncodings(acceptEncoding)
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip'
  return undefined
}

/**
 * The encoding of an answer written as it comes (the bootstrap), whose compressor lives as long as its slowest part:
 * gzip wherever the browser takes it, Brotli only where it takes nothing else. Brotli's streaming encoder at the
 * quality the whole answers use held about twice gzip's native memory for each page load in flight, which a burst of
 * page loads multiplied, and glibc kept most of it once they had gone (issue 68); at quality 1, which holds less than
 * gzip, it compressed these lines far worse than gzip and spent no less CPU. With the parts that answer together
 * written as one, gzip's first screens are as small as Brotli's were.
 */
export function streamEncoding(acceptEncoding: string | null): 'br' | 'gzip' | undefined {
  const accepted = acceptedEncodings(acceptEncoding)
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip'
  return accepted.has('br') ? 'br' : undefined
}

/**
 * The answer compressed, in one call when its length is known and small, else as a stream (a large list is never
 * buffered whole), with Vary set. Answers the upstream already compressed, answers without a body and small ones go
 * as they are.
 */
export async function compressResponse(
  acceptEncoding: string | null,
  response: Response,
  timer?: CompressionTimer,
): Promise<Response> {
  const encoding = preferredEncoding(acceptEncoding)
  const length = response.headers.get('content-length')
  if (
    !encoding ||
    !response.body ||
    response.headers.has('content-encoding') ||
    !COMPRESSIBLE.test(response.headers.get('content-type') ?? '') ||
    (length !== null && Number(length) < MIN_BYTES)
  ) {
    if (response.body && !response.headers.has('content-encoding')) appendVary(response.headers)
    return response
  }
  const headers = new Headers(response.headers)
  headers.set('content-encoding', encoding)
  appendVary(headers)
  const init = { status: response.status, statusText: response.statusText, headers }
  if (length !== null && Number(length) <= ONE_CALL_BYTES) {
    const compressed = compressBytes(encoding, new Uint8Array(await response.arrayBuffer()), timer)
    headers.set('content-length', String(compressed.byteLength))
    return new Response(compressed, init)
  }
  headers.delete('content-length')
  const compressor = encoding === 'br' ? createBrotliCompress({ params: brotliParams(length) }) : createGzip(GZIP)
  pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), compressor, () => undefined)
  return new Response(Readable.toWeb(compressor) as ReadableStream<Uint8Array>, init)
}

/**
 * The same for an answer held whole (the proxy's common case): compressed in one call when worth it, with Vary set.
 * The headers are changed in place.
 */
export function compressWhole<T extends { headers: Headers; body: Uint8Array | null }>(
  acceptEncoding: string | null,
  answer: T,
  timer?: CompressionTimer,
): T {
  const { headers, body } = answer
  if (!body || headers.has('content-encoding')) return answer
  appendVary(headers)
  const encoding = preferredEncoding(acceptEncoding)
  if (!encoding || body.byteLength < MIN_BYTES || !COMPRESSIBLE.test(headers.get('content-type') ?? '')) return answer
  const compressed = compressBytes(encoding, body, timer)
  headers.set('content-encoding', encoding)
  headers.set('content-length', String(compressed.byteLength))
  return { ...answer, body: compressed }
}

const GZIP = { level: 6 }

/** The Brotli compressor of an answer written as it comes, where the browser takes no gzip. */
export function streamBrotli(): BrotliCompress {
  return createBrotliCompress({
    params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_LGWIN]: 18 },
  })
}

// A gzip member's header: deflate, no name or time, unknown system.
const GZIP_HEADER = Uint8Array.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])

/**
 * A gzip answer written as it comes, each batch compressed at once on this thread: raw deflate ended with a sync flush
 * (byte-aligned, not the last block), so the batches joined are one deflate stream, in one gzip member with its CRC
 * and length at the end. A zlib stream did the same work on libuv's threads, where no CPU time can be told apart, and
 * cost a stream's machinery per first screen; each batch here starts a fresh window, which the parts (each a whole
 * JSON answer) hardly use across.
 */
export class GzipBatches {
  private crc = 0
  private length = 0
  private started = false

  constructor(private readonly timer?: CompressionTimer) {}

  /** The bytes to send for `batch`: the header first, then its deflate blocks. */
  write(batch: Uint8Array): Uint8Array {
    this.crc = crc32(batch, this.crc)
    this.length = (this.length + batch.byteLength) % 2 ** 32
    const { result, seconds } = cpuSecondsOf(() =>
      deflateRawSync(batch, { ...GZIP, finishFlush: constants.Z_SYNC_FLUSH }),
    )
    this.timer?.('gzip', seconds)
    if (this.started) return result
    this.started = true
    return Buffer.concat([GZIP_HEADER, result])
  }

  /** The last bytes: an empty final block, the CRC and the length. */
  end(): Uint8Array {
    const trailer = Buffer.alloc(8)
    trailer.writeUInt32LE(this.crc >>> 0, 0)
    trailer.writeUInt32LE(this.length, 4)
    const last = deflateRawSync(new Uint8Array(0))
    return Buffer.concat([this.started ? new Uint8Array(0) : GZIP_HEADER, last, trailer])
  }
}

function brotliParams(length: string | number | null) {
  return {
    // Quality 4 compresses JSON about as well as gzip -6 at a fraction of Brotli's default (11) cost.
    [constants.BROTLI_PARAM_QUALITY]: 4,
    ...(length ? { [constants.BROTLI_PARAM_SIZE_HINT]: Number(length) } : {}),
  }
}

function compressBytes(encoding: 'br' | 'gzip', body: Uint8Array, timer?: CompressionTimer): Uint8Array<ArrayBuffer> {
  const { result: compressed, seconds } = cpuSecondsOf(() =>
    encoding === 'br' ? brotliCompressSync(body, { params: brotliParams(body.byteLength) }) : gzipSync(body, GZIP),
  )
  timer?.(encoding, seconds)
  return new Uint8Array(compressed.buffer, compressed.byteOffset, compressed.byteLength)
}

function appendVary(headers: Headers): void {
  const vary = headers.get('vary')
  if (!vary) headers.set('vary', 'Accept-Encoding')
  else if (!/\baccept-encoding\b/i.test(vary)) headers.set('vary', `${vary}, Accept-Encoding`)
}
