import { useQuery, type UseQueryOptions } from '@tanstack/react-query'
import type { Params } from 'react-router'
import { q, type Endpoint } from '../api/endpoint'
import { useStoredScope } from '../lib/scope'

/**
 * A query of the cache the page's loader filled, selecting the item's name (undefined while it is not known). Its key
 * is any key: each endpoint's is a tuple of its own.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type NameQuery<T> = UseQueryOptions<T, Error, string | undefined, any>

function Crumb<T>({ id, query }: { id: string; query: (id: string, organizationID: string) => NameQuery<T> }) {
  const organizationID = useStoredScope().organizationId ?? ''
  const { data } = useQuery(query(id, organizationID))
  return <>{data ?? id}</>
}

/**
 * The handle of an item's detail or edit route: its breadcrumb names the item from a query of the page's own reads,
 * and shows the id (the route's `routeParam`) until the name is known.
 */
function queryCrumb<T>(routeParam: string, query: (id: string, organizationID: string) => NameQuery<T>) {
  return { crumb: (params: Params) => <Crumb id={params[routeParam] ?? ''} query={query} /> }
}

/**
 * An item's name from its GET: `nameCrumb(networkApi.detail, 'networkId', (networkID) => ({ networkID }))`, the
 * endpoint, the route's parameter, and the endpoint's parameters from the id and the organization in scope. A read
 * with a parameter not known yet (no organization in scope) waits.
 */
export function nameCrumb<P extends object, R extends { metadata: { name: string } }>(
  read: Endpoint<P, undefined, R>,
  routeParam: string,
  params: (id: string, organizationID: string) => P,
) {
  return queryCrumb(routeParam, (id, organizationID) => {
    const known = params(id, organizationID)
    return { ...q(read, known), enabled: !Object.values(known).includes(''), select: (item: R) => item.metadata.name }
  })
}

/**
 * An item's name from its organization's list, for the kinds the platform offers no GET of one for (users, service
 * accounts, projects): `listCrumb(userApi.list, 'userId', (user) => user.spec.subject)`.
 */
export function listCrumb<R extends { metadata: { id: string; name: string } }>(
  list: Endpoint<{ organizationID: string }, undefined, R[]>,
  routeParam: string,
  nameOf: (item: R) => string = (item) => item.metadata.name,
) {
  return queryCrumb(routeParam, (id, organizationID) => ({
    ...q(list, { organizationID }),
    enabled: Boolean(organizationID),
    select: (items: R[]) => {
      const item = items.find((candidate) => candidate.metadata.id === id)
      return item && nameOf(item)
    },
  }))
}
