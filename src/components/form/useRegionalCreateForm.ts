import type { DefaultValues, FieldValues } from 'react-hook-form'
import type { z } from 'zod'
import type { Endpoint } from '../../api/endpoint'
import type { Wire } from '../../lib/form-wire'
import type { Named, openCreated } from './form-outcomes'
import { nameTaken } from './server-errors'
import { useResourceForm } from './useResourceForm'

interface RegionalCreateOptions<V extends FieldValues, B, R> {
  schema: z.ZodType<V, V>
  defaultValues: DefaultValues<V>
  /** The create: its path has no parameters, the project and region travel in the body. */
  endpoint: Endpoint<Record<never, never>, B, R>
  wire: (values: V) => Wire<B, V>
  /** What the notice says and where the form goes: `openCreated(noun, startsAs, pageOf, list)`. */
  opens: ReturnType<typeof openCreated>
  /** The form's sentence for a name already taken in the project, said at the name field. */
  nameTaken?: string
}

/**
 * A regional resource's create form: sent with no path parameters, the new resource opened on its own page once the
 * platform accepted, and a taken name said at the name field rather than above the form.
 */
export function useRegionalCreateForm<V extends FieldValues & { name: string }, B, R extends Named>({
  opens,
  nameTaken: taken,
  ...form
}: RegionalCreateOptions<V, B, R>) {
  return useResourceForm({ ...form, ...opens, params: {}, conflict: taken ? nameTaken<V>(taken) : undefined })
}
