import { Alert, Button, Divider, PasswordInput, Stack, Text } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { consoleConfigQuery, sessionQuery, signIn, type SignInInput } from '../../api/session'

// One field, so no form library: the sign-in page is in the entry chunk and must stay small.
function tokenProblem(raw: string): string | undefined {
  const token = raw.trim().replace(/^Bearer\s+/i, '')
  if (!token) return 'Paste an access token or a service-account token.'
  if (/\s/.test(token)) return 'A token has no spaces or line breaks. Paste the token alone.'
  return undefined
}

/** Signs in with a pasted bearer token, or as the local cloud's demo admin. The token goes to the server only. */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const queryClient = useQueryClient()
  const config = useQuery(consoleConfigQuery())
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

  return (
    <Stack gap="md">
      {mutation.error && (
        <Alert color="red" title="Could not sign in" role="alert">
          {mutation.error.message}
        </Alert>
      )}
      {config.data?.demoSignIn && (
        <>
          <Button size="md" onClick={() => mutation.mutate({ demo: true })} loading={pending('demo')}>
            Continue as demo admin
          </Button>
          <Text size="sm" c="dimmed">
            The console is running on its embedded local cloud with demo data. Nothing you do here touches a real
            platform.
          </Text>
          <Divider label="or use a token" labelPosition="center" />
        </>
      )}
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
          <Button type="submit" variant={config.data?.demoSignIn ? 'default' : 'filled'} loading={pending('token')}>
            Sign in with token
          </Button>
        </Stack>
      </form>
    </Stack>
  )
}
