import { useEffect, useRef, useState, type RefObject } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { SessionGate } from './auth/SessionGate'
import { createAppRouter } from './router'
import { RouterWithAddress } from './RouterWithAddress'
import { ConsoleBusy } from './shell/ConsoleBusy'

type AppRouter = ReturnType<typeof createAppRouter>

/** Created only once signed in: a data router starts its loaders as soon as it exists. */
function SignedInApp({ routerRef }: { routerRef: RefObject<AppRouter | null> }) {
  const queryClient = useQueryClient()
  const [router] = useState(() => createAppRouter(queryClient))
  useEffect(() => {
    routerRef.current = router
  }, [router, routerRef])
  return <RouterWithAddress router={router} />
}

export function App() {
  const routerRef = useRef<AppRouter | null>(null)
  // After signing in again over an expired session, loaders that failed with 401 run again.
  return (
    <>
      <ConsoleBusy />
      <SessionGate onSignedIn={() => void routerRef.current?.revalidate()}>
        <SignedInApp routerRef={routerRef} />
      </SessionGate>
    </>
  )
}
