// A page's reads declared once: its queries are built from them (`readQuery`), and the console server asks the same
// URLs in the page's bootstrap (server/console/bootstrap.ts), so they start with the HTML rather than once the page's
// code has loaded and run. Declared in one place, the two cannot drift apart.

import { q, type Endpoint } from './endpoint'
import type { ApiRequest } from './request'

/** A read: an endpoint and its params, from which its query is built, and the request it sends (built on demand). */
export interface Read<P, R> {
  endpoint: Endpoint<P, undefined, R>
  params: P
  request: () => ApiRequest
}

export function readOf<P, R>(endpoint: Endpoint<P, undefined, R>, params: P): Read<P, R> {
  return { endpoint, params, request: () => endpoint.request(params) }
}

/** The query of a read: the one its page shows it by, which a carried answer fills. */
export const readQuery = <P, R>({ endpoint, params }: Read<P, R>) => q(endpoint, params)

/**
 * What a resource's detail and edit pages read: its item, by the id in their URL, and once the item is in, what each
 * shows beside it (the lists that use it, the names of what it uses; the edit form's choices). The pages build their
 * queries from these; the console server reads the item, then the same reads, with the page's bootstrap.
 */
export function detailReads<
  P,
  I,
  Related extends Record<string, Pick<Read<unknown, unknown>, 'request'>>,
  Edit extends Record<string, Pick<Read<unknown, unknown>, 'request'>> = Record<never, never>,
>(
  endpoint: Endpoint<P, undefined, I>,
  params: (id: string) => P,
  related: (item: I) => Related,
  edit: (item: I) => Edit = () => ({}) as Edit,
) {
  return { item: (id: string) => readOf(endpoint, params(id)), related, edit }
}

/**
 * The reads a form's declaration asks as it opens: each declared read comes with whether it is asked, as a list waits
 * for what it is of to be chosen (a region's flavors for the region).
 */
export const askedReads = (reads: Record<string, { read: Pick<Read<unknown, unknown>, 'request'>; asked: boolean }>) =>
  Object.values(reads)
    .filter(({ asked }) => asked)
    .map(({ read }) => read)
