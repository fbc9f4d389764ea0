import { ConsoleError } from './errors.ts'

/**
 * The console server's one body reader: JSON only, and never more than `limitBytes` read into memory; a larger
 * body is refused as soon as it passes the limit.
 */
export async function readJsonBody(request: Request, limitBytes = 64 * 1024): Promise<unknown> {
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? ''))
    throw new ConsoleError(415, 'unsupported_media_type', 'Send a JSON body (Content-Type: application/json).')
  const tooLarge = () =>
    new ConsoleError(413, 'request_entity_too_large', `The body is larger than ${limitBytes} bytes.`)
  if (Number(request.headers.get('content-length') ?? 0) > limitBytes) throw tooLarge()
  const chunks: Uint8Array[] = []
  let size = 0
  if (request.body) {
    for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength
      if (size > limitBytes) throw tooLarge()
      chunks.push(chunk)
    }
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    throw new ConsoleError(400, 'invalid_request', 'The body is not valid JSON.')
  }
}
