import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { stateIn, takenBackWhenStateMoves } from './created-notice'
import type { DefaultValues, FieldValues, Path } from 'react-hook-form'
import { capitalized } from '../../lib/words'
import type { FormWrite } from '../../lib/form-wire'
import { pathsOf } from '../../lib/paths'
import { singular, type Resource } from '../../lib/resources'
import type { Named } from './form-outcomes'
import { useUniqueName } from './unique-name'
import { useResourceForm, type SubmitOptions } from './useResourceForm'

interface CreateOptions<V extends FieldValues, P, B, R> extends Partial<
  Pick<SubmitOptions<V, P, B, R>, 'savedMessage' | 'onSaved' | 'conflict'>
> {
  /**
   * The create's path parameters: `{}` for a regional resource (its project and region travel in the body), or what
   * the values give them (an image's organization and region).
   */
  params: P | ((values: V) => P)
  defaultValues: DefaultValues<V>
  /**
   * Where the platform keeps no name unique (its region and compute services): the resource's own list where the
   * values place it, whose names the form refuses at Name, in the resource's `nameTaken` sentence, before sending.
   * The platform's 409 is said there too.
   */
  siblings?: (valid: V, client: QueryClient) => Promise<readonly Named[]>
  /** Where the new resource opens; by default its own page. */
  leaveTo?: (created: R) => string
  /** The form stays once saved and the page shows what `submit.saved` holds (a one-time token). */
  stay?: true
}

/**
 * Every create form: its write as the form module declares it, worded from its entry in `resources`. Once the platform
 * accepted, the notice names the new resource and the state its answer gives it ("Network web created; it is
 * provisioning.") and its page opens; Cancel goes back to the list. `submit` carries the resource, so FormPage words
 * its title and button from it.
 */
export function useCreateForm<V extends FieldValues & { name: string }, P, B, R extends Named>(
  creates: Resource,
  write: FormWrite<V, P, B, R>,
  { params, defaultValues, siblings, leaveTo, stay, ...outcome }: CreateOptions<V, P, B, R>,
) {
  const uniqueName = useUniqueName(siblings && creates.nameTaken, siblings ?? noSiblings)
  const cancelTo = pathsOf(creates).list()
  const queryClient = useQueryClient()
  const { form, submit, values } = useResourceForm({
    ...write,
    defaultValues,
    params,
    savedMessage: (created: R) => {
      const state = stateIn(created)
      return `${capitalized(singular(creates))} ${created.metadata.name} created${state ? `; it is ${state}` : ''}.`
    },
    // The state it names is true only until the page shows another.
    savedNotice: (created: R) => (stateIn(created) ? takenBackWhenStateMoves(queryClient, created) : {}),
    ...(stay
      ? { cancelTo }
      : { leaveTo: leaveTo ?? ((created: R) => pathsOf(creates).item(created.metadata.id)), cancelTo }),
    uniqueName,
    // A 409 is a fact about the name typed: where the platform keeps names unique (identity), and where the form
    // checked the siblings it could read first (a name taken since, or a platform that does check). A write with other
    // conflicts (no free address) passes its own `conflict` with `when`.
    conflict: creates.nameTaken ? { field: 'name' as Path<V>, message: creates.nameTaken } : undefined,
    ...outcome,
  })
  return { form, values, submit: { ...submit, creates } }
}

const noSiblings = () => Promise.resolve([])
