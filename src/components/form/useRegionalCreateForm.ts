import type { DefaultValues, FieldValues } from 'react-hook-form'
import type { FormWrite } from '../../lib/form-wire'
import { openCreated, type Named, type Opened } from './form-outcomes'
import { nameTaken } from './server-errors'
import { useResourceForm } from './useResourceForm'

/**
 * A regional resource's create form: its write as the form module declares it, worded from its entry in `resources`.
 * It is sent with no path parameters, the new resource opens on its own page once the platform accepted (the notice
 * says it is `startsAs`), and a taken name is said at the name field in the resource's `nameTaken` sentence rather
 * than above the form. `submit` carries the resource, so FormPage words its title and button from it.
 */
export function useRegionalCreateForm<V extends FieldValues & { name: string }, B, R extends Named>(
  creates: Opened,
  // The create's path has no parameters: the project and region travel in the body.
  write: FormWrite<V, Record<never, never>, B, R>,
  defaultValues: DefaultValues<V>,
) {
  const taken = creates.nameTaken
  const { form, submit, values } = useResourceForm({
    ...write,
    defaultValues,
    ...openCreated(creates),
    params: {},
    conflict: taken ? nameTaken<V>(taken) : undefined,
  })
  return { form, values, submit: { ...submit, creates } }
}
