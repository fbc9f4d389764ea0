import { Alert } from '../../../components/mantine/Alert'
import { Button } from '../../../components/mantine/Button'
import { Group } from '../../../components/mantine/Group'
import { TextInput } from '../../../components/mantine/TextInput'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { alertOf, ErrorAlert } from '../../../components/ErrorAlert'
import { q } from '../../../api/endpoint'
import { isNotOffered } from '../../../api/errors'
import { organizationApi } from '../../../api/identity'
import { setScope } from '../../../lib/scope'

/**
 * The overview without an organization to show: the person belongs to none, or the platform does not list them and
 * no id has been typed. Said with what to do, in place of panels that would wait for an id that never comes.
 */
export function NoOrganization() {
  const organizations = useQuery(q(organizationApi.list, {}))
  // Asking again (the shell's switcher mounting, the window's focus) puts a failed list back to pending with no error:
  // the answer shown stays the last one settled, so the id form below is not unmounted with what was typed in it.
  const [settledError, setSettledError] = useState<Error | null>(null)
  if (!organizations.isPending && organizations.error !== settledError) setSettledError(organizations.error)
  const error = organizations.isPending ? settledError : organizations.error
  if (organizations.isPending && !error) return null
  if (isNotOffered(error)) {
    return (
      <Alert color="iris" title="Which organization?">
        This platform does not list organizations, so the console cannot tell which is yours. Type your organization’s
        id (your administrator or the platform’s own console shows it).
        <OrganizationIdForm />
      </Alert>
    )
  }
  if (error) {
    return <ErrorAlert {...alertOf(error)} title="Your organizations could not be listed" />
  }
  return (
    <Alert color="amber" title="You are not in any organization">
      The platform lists no organization for you, and everything in the console belongs to one. Ask an administrator of
      your organization to add you (as a user or to a group), then sign out and sign in again.
    </Alert>
  )
}

function OrganizationIdForm() {
  const [draft, setDraft] = useState('')
  const [error, setError] = useState<string>()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const id = draft.trim()
    if (!id) return setError('Enter your organization id.')
    if (/\s/.test(id)) return setError('An organization id has no spaces.')
    setScope({ organizationId: id })
  }
  return (
    <form onSubmit={submit}>
      <Group mt="sm" align="flex-start">
        <TextInput
          label="Organization id"
          value={draft}
          error={error}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setDraft(event.currentTarget.value)}
        />
        <Button type="submit" mt={24}>
          Show this organization
        </Button>
      </Group>
    </form>
  )
}
