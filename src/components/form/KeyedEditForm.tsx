import { useQueryClient, useSuspenseQuery, type QueryKey, type UseSuspenseQueryOptions } from '@tanstack/react-query'
import { createContext, Fragment, useContext, useRef, type ReactNode, type RefObject } from 'react'

interface KeyedEditFormProps<T, K extends QueryKey> {
  /** The resource's detail, e.g. `q(networkApi.detail, { networkID })`. */
  query: UseSuspenseQueryOptions<T, Error, T, K>
  form: (resource: T) => ReactNode
}

/** The edited resource read again from the platform (and into the cache), for a submit. */
const LatestRead = createContext<(() => Promise<unknown>) | undefined>(undefined)

/**
 * An edit route's page: the resource as the platform has it now, and its form keyed by the resource's id, so the form
 * takes the resource as its defaults once and a background refetch never resets what the user typed.
 */
export function KeyedEditForm<T extends { metadata: { id: string } }, K extends QueryKey>({
  query,
  form,
}: KeyedEditFormProps<T, K>) {
  const queryClient = useQueryClient()
  const { data } = useSuspenseQuery(query)
  const latest = () => queryClient.fetchQuery({ queryKey: query.queryKey, queryFn: query.queryFn, staleTime: 0 })
  return (
    <LatestRead.Provider value={latest}>
      <Fragment key={data.metadata.id}>{form(data)}</Fragment>
    </LatestRead.Provider>
  )
}

/** For a form inside KeyedEditForm: reads the edited resource again, as it is on the platform now. */
export function useLatestRead<T>(): () => Promise<T> {
  const read = useContext(LatestRead)
  if (!read) throw new Error('useLatestRead is for a form inside KeyedEditForm')
  return read as () => Promise<T>
}

/**
 * useResourceForm's `latest` for a form inside KeyedEditForm: the resource read again at the submit, as the form's
 * values (`valuesOf`, the same function that gave the form its defaults).
 */
export function useLatestValues<T, V>(valuesOf: (resource: T) => V): () => Promise<V> {
  const read = useLatestRead<T>()
  return async () => valuesOf(await read())
}

/**
 * useLatestValues for a form whose write or confirmation reads the resource itself, not only the form's values (the
 * tags it sends back, the state a dialog measures a change from): `current` holds the resource as the form opened,
 * then as read again at each submit, so those are built from what the save is made against, not the opened copy.
 */
export function useLatestResource<T, V>(
  opened: T,
  valuesOf: (resource: T) => V,
): { current: RefObject<T>; latest: () => Promise<V> } {
  const read = useLatestRead<T>()
  const current = useRef(opened)
  const latest = async () => {
    current.current = await read()
    return valuesOf(current.current)
  }
  return { current, latest }
}
