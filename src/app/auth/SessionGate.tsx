import { Center } from '../../components/mantine/Center'
import { Loader } from '../../components/mantine/Loader'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import type { ApiError } from '../../api/errors'
import { notifySignedInAgain, onUnauthorized } from '../../api/unauthorized'
import { consoleConfigQuery, sessionQuery } from '../../api/session'

// Loaded only when signed out (the sign-in page, its token field and its form logic): a signed-in page's boot
// path, the entry and the shell chunk, does without it (bench/bundle.bench.ts). The session check's spinner stays
// until it is in.
const SignInPage = lazy(() => import('./SignInPage').then((m) => ({ default: m.SignInPage })))

// Loaded only when a session ends: a modal, which no page needs before that.
const SessionExpiredDialog = lazy(() =>
  import('./SessionExpiredDialog').then((m) => ({ default: m.SessionExpiredDialog })),
)

/**
 * Signed out at start: the sign-in page, at whatever URL was opened. Signed out later (any 401): the sign-in comes
 * back over the current page, which stays mounted, so unsaved form input survives; signing in retries what failed:
 * the page's reads, and the clicked actions that wait for it (resumeAfterSignIn).
 */
export function SessionGate({ children, onSignedIn }: { children: ReactNode; onSignedIn: () => void }) {
  const queryClient = useQueryClient()
  const session = useQuery(sessionQuery())
  // Read once signed in: with it, the API module waits as long as the console server does for a service.
  useQuery({ ...consoleConfigQuery(), enabled: Boolean(session.data) })
  // The refusal that ended the session: the dialog names the service that refused the credential.
  const [expired, setExpired] = useState<ApiError>()

  useEffect(() => onUnauthorized((error) => setExpired((first) => first ?? error)), [])

  const resume = (inPlace: boolean) => {
    setExpired(undefined)
    void queryClient.invalidateQueries()
    notifySignedInAgain(inPlace)
    onSignedIn()
  }

  const checking = (
    <Center mih="100vh">
      <Loader aria-label="Loading the console" />
    </Center>
  )
  if (session.isPending) return checking
  if (!session.data) {
    return (
      <Suspense fallback={checking}>
        <SignInPage onSignedIn={() => resume(false)} />
      </Suspense>
    )
  }

  return (
    <>
      {children}
      {expired && (
        <Suspense fallback={null}>
          <SessionExpiredDialog refusal={expired} onSignedIn={() => resume(true)} />
        </Suspense>
      )}
    </>
  )
}
