import { createContext, useContext } from 'react'
import { useSearchParams, type DataRouter, type SetURLSearchParams } from 'react-router'

/** The data router the page is rendered by (`RouterWithAddress`). */
export const NewestAddress = createContext<DataRouter | null>(null)

/**
 * The page's search parameters, and a setter whose updater builds on the newest address the page has asked for, not
 * the one last rendered. The router renders a new address in a transition, and on a busy main thread (a read refused
 * and asked again, a long list) a second filter chosen before it lands was built on the older address: it dropped the
 * search typed a moment before, and the search box, seeing an address it had not sent, emptied itself.
 */
export function useUrlParams(): [URLSearchParams, SetURLSearchParams] {
  const [params, setParams] = useSearchParams()
  const router = useContext(NewestAddress)
  const newest = () => {
    if (!router) return params
    const { location, navigation } = router.state
    // A navigation to another page is not this page's newer address.
    const next = navigation.location?.pathname === location.pathname ? navigation.location : location
    return new URLSearchParams(next.search)
  }
  const set: SetURLSearchParams = (next, options) =>
    setParams(typeof next === 'function' ? next(newest()) : next, options)
  return [params, set]
}
