// Test support: a fetch stand-in for the unit tests of src/api (the unit boundary is the network). Integration
// tests run against the real local cloud instead.

export interface RecordedCall {
  url: string
  method: string
  headers: Record<string, string>
  credentials: RequestCredentials | undefined
  body: unknown
}

type Handler = (call: RecordedCall) => Response | Promise<Response>

/** A fetch that records each call (body parsed from JSON) and answers with `handler`. */
export function fakeFetch(handler: Handler): { fetch: typeof fetch; calls: RecordedCall[] } {
  const calls: RecordedCall[] = []
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries())
    const call: RecordedCall = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers,
      credentials: init?.credentials,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    }
    calls.push(call)
    return handler(call)
  }
  return { fetch: fetchImpl as typeof fetch, calls }
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })
}

/** The inference service's 404 for an unknown model, in OpenAI's error shape. */
export function modelNotFoundResponse(): Response {
  return jsonResponse(404, {
    error: {
      message: 'The model `nope` does not exist',
      type: 'invalid_request_error',
      param: 'model',
      code: 'model_not_found',
    },
  })
}

/** A project resource's metadata as the platform answers it; `overrides` for what a test is about. */
export function platformMetadata(overrides: Record<string, unknown> = {}) {
  return {
    id: 'x1',
    name: 'x',
    organizationId: 'o',
    projectId: 'p',
    creationTime: '2025-01-01T00:00:00Z',
    provisioningStatus: 'provisioned',
    healthStatus: 'healthy',
    ...overrides,
  }
}

/** Where a regional create places its resource: platformMetadata's organization and project, in region r. */
export const placement = { organizationId: 'o', projectId: 'p', regionId: 'r' }
