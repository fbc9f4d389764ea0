import { ApiError } from './errors.ts'

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

interface Route<H> {
  method: Method
  segments: string[]
  handler: H
}

export type RouteMatch<H> = { handler: H; params: Record<string, string> }

/**
 * Method + path pattern → handler. Patterns are literal segments and `:name` parameters.
 * A known path with another method is 405 (with Allow), an unknown path 404.
 */
export class Router<H> {
  private readonly routes: Route<H>[] = []

  add(method: Method, pattern: string, handler: H): this {
    this.routes.push({ method, segments: pattern.split('/').filter(Boolean), handler })
    return this
  }

  match(method: string, pathname: string): RouteMatch<H> {
    const parts = pathname.split('/').filter(Boolean)
    const allowed = new Set<string>()
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts)
      if (!params) continue
      if (route.method === method) return { handler: route.handler, params }
      allowed.add(route.method)
    }
    if (allowed.size > 0) {
      const allow = [...allowed].join(', ')
      throw new ApiError(
        'method_not_allowed',
        `method ${safeMethod(method)} is not allowed on this path; allowed: ${allow}`,
        { Allow: allow },
      )
    }
    throw new ApiError('not_found', 'no such endpoint')
  }
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | null {
  if (pattern.length !== parts.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i] as string
    const actual = parts[i] as string
    if (expected.startsWith(':')) {
      params[expected.slice(1)] = decodeSegment(actual)
    } else if (expected !== actual) {
      return null
    }
  }
  return params
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw new ApiError('invalid_request', 'the request path is not correctly percent-encoded')
  }
}

/** Methods are echoed in messages only when they look like a method token. */
function safeMethod(method: string): string {
  return /^[A-Z]{1,16}$/.test(method) ? method : 'this'
}
