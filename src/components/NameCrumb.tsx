import { useQuery } from '@tanstack/react-query'
import type { Params } from 'react-router'
import { q, type Endpoint } from '../api/endpoint'

type Detail<K extends string, R> = Endpoint<Record<K, string>, undefined, R>

function NameCrumb<K extends string, R extends { metadata: { name: string } }>(props: {
  read: Detail<K, R>
  params: Record<K, string>
  id: string
}) {
  const { data } = useQuery({ ...q(props.read, props.params), select: (item) => item.metadata.name })
  return <>{data ?? props.id}</>
}

/**
 * The handle of an item's detail or edit route: its breadcrumb names the item, from the page's own detail query (the
 * cache its loader filled), and shows the id until the name is known. `nameCrumb(networkApi.detail, 'networkId',
 * 'networkID')`: the endpoint, the route's parameter, the endpoint's.
 */
export function nameCrumb<K extends string, R extends { metadata: { name: string } }>(
  read: Detail<K, R>,
  routeParam: string,
  apiParam: K,
) {
  return {
    crumb: (params: Params) => {
      const id = params[routeParam] ?? ''
      return <NameCrumb read={read} params={{ [apiParam]: id } as Record<K, string>} id={id} />
    },
  }
}
