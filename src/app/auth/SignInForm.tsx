import { Button } from '../../components/mantine/Button'
import { Divider } from '../../components/mantine/Divider'
import { PasswordInput } from '../../components/mantine/PasswordInput'
import { Stack } from '../../components/mantine/Stack'
import { Text } from '../../components/mantine/Text'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type FormEvent } from 'react'
import {
  SIGN_IN_CHANNEL,
  consoleConfigQuery,
  getSession,
  oidcStartUrl,
  sessionQuery,
  signIn,
  type SignInInput,
} from '../../api/session'
import { traceIdsOf } from '../../api/errors'
import { ErrorAlert } from '../../components/ErrorAlert'

// One field, so no form library: the sign-in page, a chunk of its own that a signed-out visit waits for, stays small.
function tokenProblem(raw: string): string | undefined {
  const token = raw.trim().replace(/^Bearer\s+/i, '')
  if (!token) return 'Paste an access token or a service-account token.'
  if (/\s/.test(token)) return 'A token has no spaces or line breaks. Paste the token alone.'
  return undefined
}

/**
 * Signs in through the OpenID provider, with a pasted bearer token, or as the local cloud's demo admin. Tokens go to
 * the server only. `inPlace` (the session-ended dialog) runs the provider's sign-in in a popup, so the page under
 * the dialog and what the user typed there stay as they are.
 */
export function SignInForm({ onSignedIn, inPlace = false }: { onSignedIn: () => void; inPlace?: boolean }) {
  const queryClient = useQueryClient()
  const config = useQuery(consoleConfigQuery())
  const [popupOpen, setPopupOpen] = useState(false)
  const [popupProblem, setPopupProblem] = useState<string>()

  // The popup's last page announces the new session on a same-origin channel; the session is then read afresh.
  useEffect(() => {
    if (!inPlace || typeof BroadcastChannel === 'undefined') return
    const channel = new BroadcastChannel(SIGN_IN_CHANNEL)
    channel.onmessage = () => {
      void getSession().then((session) => {
        setPopupOpen(false)
        if (!session) return
        queryClient.setQueryData(sessionQuery().queryKey, session)
        onSignedIn()
      })
    }
    return () => channel.close()
  }, [inPlace, onSignedIn, queryClient])

  const startOidc = () => {
    if (!inPlace) {
      window.location.assign(oidcStartUrl(false))
      return
    }
    const popup = window.open(oidcStartUrl(true), 'cloud-console-sign-in', 'popup,width=520,height=720')
    setPopupProblem(popup ? undefined : 'The browser blocked the sign-in window. Allow pop-ups for the console.')
    setPopupOpen(Boolean(popup))
  }
  const [token, setToken] = useState('')
  const [problem, setProblem] = useState<string>()
  const mutation = useMutation({
    mutationFn: (input: SignInInput) => signIn(input),
    onSuccess: (session) => {
      queryClient.setQueryData(sessionQuery().queryKey, session)
      onSignedIn()
    },
  })
  const pending = (kind: 'demo' | 'token') =>
    mutation.isPending && mutation.variables !== undefined && kind in mutation.variables

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = tokenProblem(token)
    setProblem(found)
    if (!found) mutation.mutate({ token: token.trim() })
  }

  const demo = config.data?.demoSignIn === true
  return (
    <Stack gap="md">
      {mutation.error && (
        <ErrorAlert title="Could not sign in" message={mutation.error.message} traces={traceIdsOf(mutation.error)} />
      )}
      {popupProblem && <ErrorAlert title="Could not open the sign-in window" message={popupProblem} />}
      {demo && (
        // The demo path first and foremost: on the embedded local cloud it is what most visitors came for.
        <Stack gap={6}>
          <Button size="md" onClick={() => mutation.mutate({ demo: true })} loading={pending('demo')}>
            Continue as demo admin
          </Button>
          <Text size="sm" c="dimmed">
            The console is running on its embedded local cloud with demo data. Nothing you do here touches a real
            platform.
          </Text>
        </Stack>
      )}
      {demo && <Divider label="or sign in" labelPosition="center" />}
      {config.data?.oidc && (
        <>
          <Button size="md" variant={demo ? 'default' : 'filled'} onClick={startOidc} loading={popupOpen}>
            Sign in with {config.data.oidc.provider}
          </Button>
          {popupOpen && (
            <Text size="sm" c="dimmed" role="status">
              Finish signing in in the window that opened.
            </Text>
          )}
        </>
      )}
      {!demo && config.data?.oidc && <Divider label="or use a token" labelPosition="center" />}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label="Bearer token"
            description="An access token or a service-account token. It is kept by the console server, never in this browser."
            autoComplete="off"
            value={token}
            onChange={(event) => setToken(event.currentTarget.value)}
            error={problem}
          />
          <Button
            type="submit"
            variant={config.data?.demoSignIn || config.data?.oidc ? 'default' : 'filled'}
            loading={pending('token')}
          >
            Sign in with token
          </Button>
        </Stack>
      </form>
      {/* Last, so that what it says moves nothing above it. */}
      <SignInProgress pending={mutation.isPending} />
    </Stack>
  )
}

// A sign-in slower than this says so: under load it took seconds with a spinner alone on the button.
const PATIENCE_MS = 1_500

/** Says that the sign-in is under way, and once it takes a while, that the console is busy and carries on. */
function SignInProgress({ pending }: { pending: boolean }) {
  const [slow, setSlow] = useState(false)
  useEffect(() => {
    if (!pending) return setSlow(false)
    const timer = setTimeout(() => setSlow(true), PATIENCE_MS)
    return () => clearTimeout(timer)
  }, [pending])
  return (
    <Text size="sm" c="dimmed" role="status">
      {pending &&
        (slow
          ? 'Still signing in: the console is busy and answers in turn. There is nothing to do again.'
          : 'Signing in…')}
    </Text>
  )
}
