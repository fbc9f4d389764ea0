// The "exact request" preview every form shows: the request as it goes to the upstream service (not the console
// server's proxy path), with a curl command a user can paste after exporting TOKEN.

import { buildQueryString, type ApiRequest, type Service } from './request'
import { hideSensitive } from './sensitive'

export interface RequestDescription {
  method: ApiRequest['method']
  /** Upstream URL, e.g. http://localhost:8080/local/region/api/v2/networks?projectID=p1 */
  url: string
  /** Pretty-printed JSON body, or undefined when the request has none; a secret in it reads `<hidden>`. */
  body: string | undefined
  curl: string
  /** The body's secrets left out of `body` and `curl` (`spec.clientSecret`), for the preview to say so. */
  hidden: string[]
}

/** Wraps a value in single quotes for a POSIX shell; a single quote inside becomes '\'' */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`
}

export function describeRequest(
  request: Pick<ApiRequest, 'service' | 'method' | 'path' | 'query' | 'body' | 'sensitive'>,
  upstreams: Record<Service, string>,
): RequestDescription {
  const url = `${upstreams[request.service].replace(/\/+$/, '')}${request.path}${buildQueryString(request.query)}`
  const shown = hideSensitive(request.body, request.sensitive)
  const body = shown === undefined ? undefined : JSON.stringify(shown, null, 2)
  const hidden = (request.sensitive ?? []).filter((path) => hideSensitive(request.body, [path]) !== request.body)
  const lines = [
    `curl${request.method === 'GET' ? '' : ` -X ${request.method}`} ${shellQuote(url)}`,
    // Double quotes so the shell expands $TOKEN.
    `-H "Authorization: Bearer $TOKEN"`,
  ]
  if (body !== undefined) lines.push(`-H 'Content-Type: application/json'`, `-d ${shellQuote(body)}`)
  return { method: request.method, url, body, curl: lines.join(' \\\n  '), hidden }
}
