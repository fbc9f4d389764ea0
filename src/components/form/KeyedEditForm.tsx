import { useSuspenseQuery, type QueryKey, type UseSuspenseQueryOptions } from '@tanstack/react-query'
import { Fragment, type ReactNode } from 'react'

interface KeyedEditFormProps<T, K extends QueryKey> {
  /** The resource's detail, e.g. `q(networkApi.detail, { networkID })`. */
  query: UseSuspenseQueryOptions<T, Error, T, K>
  form: (resource: T) => ReactNode
}

/**
 * An edit route's page: the resource as the platform has it now, and its form keyed by the resource's id, so the form
 * takes the resource as its defaults once and a background refetch never resets what the user typed.
 */
export function KeyedEditForm<T extends { metadata: { id: string } }, K extends QueryKey>({
  query,
  form,
}: KeyedEditFormProps<T, K>) {
  const { data } = useSuspenseQuery(query)
  return <Fragment key={data.metadata.id}>{form(data)}</Fragment>
}
