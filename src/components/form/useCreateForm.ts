import type { QueryClient } from '@tanstack/react-query'
import type { DefaultValues, FieldValues } from 'react-hook-form'
import type { FormWrite } from '../../lib/form-wire'
import { openCreated, type Named, type Opened } from './form-outcomes'
import { useUniqueName } from './unique-name'
import { useResourceForm } from './useResourceForm'

/**
 * A regional resource's create form: its write as the form module declares it, worded from its entry in `resources`.
 * It is sent with no path parameters, the new resource opens on its own page once the platform accepted (the notice
 * says it is `startsAs`), and a name one of `siblings` holds (the resource's own list in the project the values place
 * it in) is said at the name field in the resource's `nameTaken` sentence before anything is sent: the platform itself
 * accepts a duplicate name. `submit` carries the resource, so FormPage words its title and button from it.
 */
export function useRegionalCreateForm<V extends FieldValues & { name: string }, B, R extends Named>(
  creates: Opened,
  // The create's path has no parameters: the project and region travel in the body.
  write: FormWrite<V, Record<never, never>, B, R>,
  defaultValues: DefaultValues<V>,
  siblings: (valid: V, client: QueryClient) => Promise<readonly { metadata: { id: string; name: string } }[]>,
) {
  const uniqueName = useUniqueName(creates.nameTaken, siblings)
  const { form, submit, values } = useResourceForm({
    ...write,
    defaultValues,
    ...openCreated(creates),
    params: {},
    uniqueName,
  })
  return { form, values, submit: { ...submit, creates } }
}
