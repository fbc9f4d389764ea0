import { RouterProvider } from 'react-router'
import type { DataRouter } from 'react-router'
import { NewestAddress } from '../lib/url-params'

/**
 * The app's router, and the address it is on its way to for the pages' filters to build on (`useUrlParams`). The app
 * and the integration tests render their routers through this, so both build the URL the same way.
 */
export function RouterWithAddress({ router }: { router: DataRouter }) {
  return (
    <NewestAddress.Provider value={router}>
      <RouterProvider router={router} />
    </NewestAddress.Provider>
  )
}
