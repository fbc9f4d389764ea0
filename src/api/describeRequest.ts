// The "exact request" preview every form shows: the request as it goes to the upstream service (not the console
// server's proxy path), with a curl command a user can paste after exporting TOKEN.

import { buildQueryString, type ApiRequest, type Service } from './request'

export interface RequestDescription {
  method: ApiRequest['method']
  /** Upstream URL, e.g. http://localhost:8080/local/region/api/v2/networks?projectID=p1 */
  url: string
  /** Pretty-printed JSON body, or undefined when the request has none. */
  body: string | undefined
  curl: string
}

/** Wraps a value in single quotes for a POSIX shell; a single quote inside becomes '\'' */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`
}

export function describeRequest(
  request: Pick<ApiRequest, 'service' | 'method' | 'path' | 'query' | 'body'>,
  upstreams: Record<Service, string>,
): RequestDescription {
  const url = `${upstreams[request.service].replace(/\/+$/, '')}${request.path}${buildQueryString(request.query)}`
  const body = request.body === undefined ? undefined : JSON.stringify(request.body, null, 2)
  const lines = [
    `curl${request.method === 'GET' ? '' : ` -X ${request.method}`} ${shellQuote(url)}`,
    // Double quotes so the shell expands $TOKEN.
    `-H "Authorization: Bearer $TOKEN"`,
  ]
  if (body !== undefined) lines.push(`-H 'Content-Type: application/json'`, `-d ${shellQuote(body)}`)
  return { method: request.method, url, body, curl: lines.join(' \\\n  ') }
}
