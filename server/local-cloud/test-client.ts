import { Agent, request as httpRequest } from 'node:http'

/** A small HTTP client for the local cloud's own tests; node:http, so any method may carry a body. */
export interface TestResponse {
  status: number
  // Tests inspect arbitrary JSON.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any
  headers: { get(name: string): string | null }
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 })

export interface RequestOptions {
  token?: string | null
  headers?: Record<string, string>
  /** Sent as is (a string) or as JSON. */
  body?: unknown
}

export function testClient(base: string, token: string) {
  async function request(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse> {
    const headers: Record<string, string> = { ...options.headers }
    const bearer = options.token === undefined ? token : options.token
    if (bearer !== null) headers.Authorization = `Bearer ${bearer}`
    let body: string | undefined
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
      headers['Content-Type'] ??= 'application/json'
      headers['Content-Length'] = String(Buffer.byteLength(body))
    }
    const url = new URL(base)
    const res = await new Promise<{
      status: number
      text: string
      headers: Record<string, string | string[] | undefined>
    }>((resolve, reject) => {
      const req = httpRequest({ agent, host: url.hostname, port: url.port, method, path, headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            headers: response.headers,
          }),
        )
        response.on('error', reject)
      })
      req.on('error', reject)
      req.end(body)
    })
    const text = res.text
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {
      // Left as text: the tests assert on it.
    }
    const header = (name: string) => {
      const value = res.headers[name.toLowerCase()]
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
    }
    return { status: res.status, body: parsed, headers: { get: header } }
  }
  return {
    request,
    get: (path: string, options?: RequestOptions) => request('GET', path, options),
    post: (path: string, body?: unknown, options?: RequestOptions) => request('POST', path, { ...options, body }),
    put: (path: string, body?: unknown, options?: RequestOptions) => request('PUT', path, { ...options, body }),
    del: (path: string, options?: RequestOptions) => request('DELETE', path, options),
  }
}

export type TestClient = ReturnType<typeof testClient>

/** Polls until `check` returns a value, failing after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 5000,
  intervalMs = 10,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined && value !== false) return value
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}

/** The item of a list response with this metadata.name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function byName(list: any[], name: string): any {
  const found = list.find((item: { metadata: { name: string } }) => item.metadata.name === name)
  if (!found) throw new Error(`no item named ${name}`)
  return found
}
