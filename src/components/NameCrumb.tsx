import { useQuery } from '@tanstack/react-query'
import { q, type Endpoint } from '../api/endpoint'

interface NameCrumbProps<P, R> {
  /** The page's own detail endpoint, and its parameters: the query its loader filled. */
  read: Endpoint<P, undefined, R>
  params: P
  id: string
}

/** A resource's name in the breadcrumb of its detail and edit pages, from its page's cache; its id until it is known. */
export function NameCrumb<P, R extends { metadata: { name: string } }>({ read, params, id }: NameCrumbProps<P, R>) {
  const { data } = useQuery({ ...q(read, params), select: (item) => item.metadata.name })
  return <>{data ?? id}</>
}
