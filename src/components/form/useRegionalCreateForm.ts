import type { DefaultValues, FieldValues } from 'react-hook-form'
import type { z } from 'zod'
import type { Endpoint } from '../../api/endpoint'
import type { Wire } from '../../lib/form-wire'
import { openCreated, type Named, type Opened } from './form-outcomes'
import { nameTaken } from './server-errors'
import { useResourceForm } from './useResourceForm'

interface RegionalCreateOptions<V extends FieldValues, B, R> {
  schema: z.ZodType<V, V>
  defaultValues: DefaultValues<V>
  /** The create: its path has no parameters, the project and region travel in the body. */
  endpoint: Endpoint<Record<never, never>, B, R>
  wire: (values: V) => Wire<B, V>
}

/**
 * A regional resource's create form, worded from its entry in `resources`: sent with no path parameters, the new
 * resource opened on its own page once the platform accepted (the notice says it is `startsAs`), and a taken name
 * said at the name field in the resource's `nameTaken` sentence rather than above the form. `submit` carries the
 * resource, so FormPage words its title and button from it.
 */
export function useRegionalCreateForm<V extends FieldValues & { name: string }, B, R extends Named>(
  creates: Opened,
  options: RegionalCreateOptions<V, B, R>,
) {
  const taken = creates.nameTaken
  const { form, submit, values } = useResourceForm({
    ...options,
    ...openCreated(creates),
    params: {},
    conflict: taken ? nameTaken<V>(taken) : undefined,
  })
  return { form, values, submit: { ...submit, creates } }
}
