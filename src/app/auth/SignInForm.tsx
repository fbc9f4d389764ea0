import { Alert, Button, Divider, PasswordInput, Stack, Text } from '@mantine/core'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { consoleConfigQuery, sessionQuery, signIn, type SignInInput } from '../../api/session'

const schema = z.object({
  token: z
    .string()
    .trim()
    .min(1, 'Paste an access token or a service-account token.')
    .refine((t) => !/\s/.test(t.replace(/^Bearer\s+/i, '')), 'A token has no spaces or line breaks. Paste the token alone.'),
})
type Values = z.infer<typeof schema>

/** Signs in with a pasted bearer token, or as the local cloud's demo admin. The token goes to the server only. */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const queryClient = useQueryClient()
  const config = useQuery(consoleConfigQuery())
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { token: '' } })
  const mutation = useMutation({
    mutationFn: (input: SignInInput) => signIn(input),
    onSuccess: (session) => {
      queryClient.setQueryData(sessionQuery().queryKey, session)
      onSignedIn()
    },
  })
  const submitting = mutation.isPending

  return (
    <Stack gap="md">
      {mutation.error && (
        <Alert color="red" title="Could not sign in" role="alert">
          {mutation.error.message}
        </Alert>
      )}
      {config.data?.demoSignIn && (
        <>
          <Button size="md" onClick={() => mutation.mutate({ demo: true })} loading={submitting && mutation.variables && 'demo' in mutation.variables}>
            Continue as demo admin
          </Button>
          <Text size="sm" c="dimmed">
            The console is running on its embedded local cloud with demo data. Nothing you do here touches a real platform.
          </Text>
          <Divider label="or use a token" labelPosition="center" />
        </>
      )}
      <form onSubmit={form.handleSubmit((values) => mutation.mutate({ token: values.token }))} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label="Bearer token"
            description="An access token or a service-account token. It is kept by the console server, never in this browser."
            autoComplete="off"
            error={form.formState.errors.token?.message}
            {...form.register('token')}
          />
          <Button type="submit" variant={config.data?.demoSignIn ? 'default' : 'filled'} loading={submitting && mutation.variables && 'token' in mutation.variables}>
            Sign in with token
          </Button>
        </Stack>
      </form>
    </Stack>
  )
}
