/** A small HTTP client for the local cloud's own tests. */
export interface TestResponse {
  status: number
  // Tests inspect arbitrary JSON.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any
  headers: Headers
}

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
    }
    const res = await fetch(`${base}${path}`, { method, headers, body })
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {
      // Left as text: the tests assert on it.
    }
    return { status: res.status, body: parsed, headers: res.headers }
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
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 5000, intervalMs = 10): Promise<T> {
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
