import { promisify } from 'node:util'
import { brotliDecompress, gunzip, inflate, inflateRaw, type ZlibOptions } from 'node:zlib'

// What the log reads of a body is a name and an id: past this, a body (or a bomb) is not decoded further.
const DECODED_BYTES = 4 * 1024 * 1024

const zlibDecoders: Record<string, (bytes: Uint8Array, options: ZlibOptions) => Promise<Buffer>> = {
  gzip: promisify(gunzip),
  'x-gzip': promisify(gunzip),
  br: promisify(brotliDecompress),
}
const inflated = promisify(inflate)
const inflatedRaw = promisify(inflateRaw)

/**
 * A body as the platform sent it, decoded from its Content-Encoding (gzip, deflate, br, zstd; several in the order
 * they were applied), for the log to read; undefined where an encoding is unknown, the bytes are not what they say,
 * or the decoded body would pass DECODED_BYTES. The answer itself goes to the browser as it came.
 */
export async function decodedBody(
  encoding: string | null,
  body: Uint8Array | null,
): Promise<Uint8Array | null | undefined> {
  if (!body || !encoding) return body
  let bytes: Uint8Array = body
  const codings = encoding
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding && coding !== 'identity')
  try {
    for (const coding of codings.reverse()) {
      const options = { maxOutputLength: DECODED_BYTES }
      if (coding === 'zstd') bytes = await unzstd(bytes)
      // RFC 9110's deflate is zlib's format; some servers send the raw stream without its header.
      else if (coding === 'deflate') bytes = await inflated(bytes, options).catch(() => inflatedRaw(bytes, options))
      else if (zlibDecoders[coding]) bytes = await zlibDecoders[coding](bytes, options)
      else return undefined
    }
  } catch {
    return undefined
  }
  return bytes
}

/** Node 20's zlib has no zstd: fzstd's decoder, loaded with the first zstd answer, bounded as zlib's are. */
async function unzstd(bytes: Uint8Array): Promise<Uint8Array> {
  const { Decompress } = await import('fzstd')
  const chunks: Uint8Array[] = []
  let size = 0
  const decoder = new Decompress((chunk) => {
    size += chunk.byteLength
    if (size > DECODED_BYTES) throw new RangeError('The decoded body is larger than the log reads.')
    // A copy: the decoder may hand out a view of the window it goes on writing.
    chunks.push(chunk.slice())
  })
  decoder.push(bytes, true)
  return Buffer.concat(chunks)
}
