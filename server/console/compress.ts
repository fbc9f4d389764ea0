import { Readable, pipeline } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { constants, createBrotliCompress, createGzip } from 'node:zlib'

// JSON and text compress 10× or better; small answers are not worth a compressor, event streams must not wait for
// a compressor's block.
const COMPRESSIBLE = /^(application\/([\w.+-]+\+)?json|text\/(plain|html|css|javascript))\s*(;|$)/i
const MIN_BYTES = 1024

/** Brotli where the browser takes it, else gzip, else none; an explicit q=0 refuses an encoding. */
export function preferredEncoding(acceptEncoding: string | null): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name!.trim()),
  )
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip'
  return undefined
}

/**
 * The answer compressed as a stream (a large list is never buffered whole), with Vary set. Answers the upstream
 * already compressed, answers without a body and small ones go as they are.
 */
export function compressResponse(acceptEncoding: string | null, response: Response): Response {
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
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({
          params: {
            // Quality 4 compresses JSON about as well as gzip -6 at a fraction of Brotli's default (11) cost.
            [constants.BROTLI_PARAM_QUALITY]: 4,
            ...(length ? { [constants.BROTLI_PARAM_SIZE_HINT]: Number(length) } : {}),
          },
        })
      : createGzip({ level: 6 })
  const source = Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>)
  pipeline(source, compressor, () => undefined)
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  headers.set('content-encoding', encoding)
  appendVary(headers)
  return new Response(Readable.toWeb(compressor) as ReadableStream<Uint8Array>, {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}

function appendVary(headers: Headers): void {
  const vary = headers.get('vary')
  if (!vary) headers.set('vary', 'Accept-Encoding')
  else if (!/\baccept-encoding\b/i.test(vary)) headers.set('vary', `${vary}, Accept-Encoding`)
}
