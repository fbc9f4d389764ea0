import { notifications, type NotificationData } from '@mantine/notifications'
import { useMutation } from '@tanstack/react-query'
import { useRef, useState, type BaseSyntheticEvent } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import {
  get,
  useForm,
  useWatch,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form'
import type { z } from 'zod/mini'
import '../../api/schemas/messages'
import { useNavigate } from 'react-router'
import { m, type Endpoint, type Vars } from '../../api/endpoint'
import { capitalize, isApiError, withTraceIds } from '../../api/errors'
import type { Wire } from '../../lib/form-wire'
import { useAccess } from '../../lib/permissions'
import { resources, type Resource } from '../../lib/resources'
import type { SubmitError } from './FormShell'
import { keepOthersChanges, same, type EntryKeys, type IdListField } from './keep-others-changes'
import { placeServerError } from './server-errors'
import { TAKEN_NAME, type UniqueName } from './unique-name'
import { useRequestPreview } from './useRequestPreview'

/**
 * Where the form goes once saved (a fixed page, or the saved resource's own page) and on Cancel. Without leaveTo the
 * form stays, and the page shows what `saved` holds (a one-time token, say).
 */
type Leave<R> =
  | { leaveTo: string; cancelTo?: string }
  | { leaveTo: (saved: R) => string; cancelTo: string }
  | { leaveTo?: undefined; cancelTo: string }

export type SubmitOptions<V extends FieldValues, P, B, R> = Leave<R> & {
  /** The write, from the endpoint table: its mutation options (and cache effects) and its request preview. */
  endpoint: Endpoint<P, B, R>
  /**
   * The path parameters of the request, e.g. `{ networkID }`, or what the values give them where the form chooses
   * them (an image is imported into the region the form picks).
   */
  params: P | ((values: V) => P)
  /** The form's wire mapping: the body, and the field a platform error path in that body belongs to. */
  wire: (values: V) => Wire<B, V>
  /** The notification once the platform accepted, e.g. "Network web saved." */
  savedMessage: (saved: R, valid: V) => string
  /** What else that notification is shown with: an id and what its closing ends (a create's, `useCreateForm`). */
  savedNotice?: (saved: R) => Pick<NotificationData, 'id' | 'onClose'>
  /**
   * A conflict (409: the name is taken) is a fact about one field's input: said there, in the platform's words (the
   * form's `message` when it gave none). `when` tells a taken name from the other conflicts of the same write (a
   * network with no free address, the region being decommissioned) by the platform's sentence; by default, words
   * that something "already exists". Any other 409 goes above the form.
   */
  conflict?: { field: Path<V>; message: string; when?: RegExp }
  /** A name the form keeps unique itself, checked before sending; a list that cannot be read lets the submit go. */
  uniqueName?: UniqueName<V>
  /** What else the page does once saved (e.g. say which tags the platform did not keep), from the values sent. */
  onSaved?: (saved: R, body: B, valid: V) => void
  /** Asks first when saving these values would interrupt something: the submit is held until released. */
  holdIf?: (valid: V) => boolean
  /**
   * An edit whose update takes the whole resource, which someone else may change while the form is open: the form's
   * values for the resource as it is at the submit, read then. Each field the user left as the form opened is sent as
   * it is now (keepOthersChanges): the copy the form opened on would put back what they changed. A read that fails
   * stops the submit, said above the form.
   */
  latest?: () => Promise<V>
  /**
   * The fields of `latest` that are sets of ids (a group's members): merged id by id, so an id someone else added
   * stays beside the one the user added, where a list taken whole would put back only the user's.
   */
  idLists?: readonly IdListField<V>[]
  /** The fields of `latest` merged entry by entry too, told apart as this says (a group's subjects by provider and id). */
  entries?: EntryKeys<V>
}

/** The form itself: its schema (shaped like the UI) and the values it starts from, taken once. */
interface FormOptions<V extends FieldValues> {
  schema: z.ZodMiniType<V, V>
  defaultValues: DefaultValues<V>
}

/**
 * Every create and edit form: validated by its schema once a field is left, submitted through
 * useSubmitWithServerErrors. `submit` spreads into FormPage; `form` feeds the fields; `values` is what they hold now,
 * for what the page shows beside them (the request preview watches the same values).
 */
export function useResourceForm<V extends FieldValues, P, B, R>(options: FormOptions<V> & SubmitOptions<V, P, B, R>) {
  const form = useForm<V>({
    resolver: zodResolver(options.schema),
    mode: 'onTouched',
    defaultValues: options.defaultValues,
  })
  const values = useWatch({ control: form.control }) as V
  const submit = useSubmitWithServerErrors(form, values, options)
  return { form, submit, values }
}

/**
 * Every create and edit form submits here: the last refusal is cleared, the body sent, and on success a notice
 * shown and the form left; a refusal goes to the field the platform named (through the wire mapping's pathOf), else
 * to the top of the form, and the input stays. The result spreads into FormShell, the exact request included.
 */
function useSubmitWithServerErrors<V extends FieldValues, P, B, R>(
  form: UseFormReturn<V>,
  values: V,
  options: SubmitOptions<V, P, B, R>,
) {
  const {
    endpoint,
    params,
    wire,
    savedMessage,
    savedNotice,
    conflict,
    uniqueName,
    onSaved,
    holdIf,
    latest,
    idLists,
    entries,
    leaveTo,
    cancelTo,
  } = options
  const navigate = useNavigate()
  const send = useMutation(m(endpoint))
  const [submitError, setSubmitError] = useState<SubmitError>()
  const [held, setHeld] = useState<V>()
  // The read of `latest`, before the write: the submit shows as under way from the click.
  const [reading, setReading] = useState(false)
  // The user's own values at the last submit, before an edit's merge put another admin's changes in with them.
  const own = useRef<V>(undefined)
  // Set just before the form leaves for what it saved: the input is in the platform now, and FormShell's guard lets
  // that navigation through although the fields still differ from how the form opened.
  const leavingSaved = useRef(false)

  const paramsOf = (of: V): P => (typeof params === 'function' ? (params as (values: V) => P)(of) : params)
  // The values last sent and refused, and the form's as they stood then. While the form is left so, the request shown
  // is the one sent: after an edit's merge it holds another admin's changes beside the user's own, which the refusal
  // may be about and the fields do not show.
  const [refused, setRefused] = useState<{ sent: V; form: string }>()
  const shown = refused && refused.form === JSON.stringify(values) ? refused.sent : values
  const request = useRequestPreview(endpoint.request({ ...paramsOf(shown), body: wire(shown).body } as Vars<P, B>))
  const notAllowed = useNotAllowed(endpoint.spec)

  const save = (valid: V) => {
    setSubmitError(undefined)
    const { body, pathOf } = wire(valid)
    send.mutate({ ...paramsOf(valid), body } as Vars<P, B>, {
      onSuccess: (saved) => {
        setHeld(undefined)
        setRefused(undefined)
        notifications.show({ color: 'green', message: savedMessage(saved, valid), ...savedNotice?.(saved) })
        onSaved?.(saved, body, valid)
        if (leaveTo !== undefined) {
          leavingSaved.current = true
          void navigate(typeof leaveTo === 'string' ? leaveTo : leaveTo(saved))
        }
      },
      onError: (error) => {
        setHeld(undefined)
        setRefused({ sent: valid, form: JSON.stringify(form.getValues()) })
        // Not every 409 is a taken name ("the region is being decommissioned"): only words about it mark the field,
        // in the platform's words with its trace id; any other goes above the form, whole.
        if (
          conflict &&
          isApiError(error) &&
          error.status === 409 &&
          (conflict.when ?? TAKEN_NAME).test(error.message)
        ) {
          const said = error.bodyKind === 'platform' ? capitalize(error.message) : conflict.message
          form.setError(conflict.field, { type: 'server', message: withTraceIds(said, error) }, { shouldFocus: true })
          return
        }
        // `valid` is what was sent: after an edit's merge, a field can hold another admin's change, not the user's.
        const mergedIn = (field: Path<V>) => !same(get(valid, field), get(own.current ?? valid, field))
        setSubmitError(placeServerError(error, form.setError, pathOf, endpoint.spec.op, mergedIn))
      },
    })
  }

  const nameTaken = async (valid: V): Promise<boolean> => {
    if (!uniqueName) return false
    const name: unknown = form.getValues('name' as Path<V>)
    const siblings = await uniqueName.siblings(valid).catch(() => [])
    return siblings.some((s) => s.metadata.name === name && s.metadata.id !== uniqueName.exceptId)
  }
  const onSubmit = form.handleSubmit(
    async (valid) => {
      own.current = valid
      if (uniqueName && (await nameTaken(valid))) {
        form.setError('name' as Path<V>, { type: 'taken', message: uniqueName.message }, { shouldFocus: true })
        // Name often had focus already, and focusing it again does not scroll (leaveFocusedField). Leaving it here
        // instead would validate it on blur, and that answer, arriving after this one, would clear the taken name.
        ;(document.activeElement as HTMLElement | null)?.scrollIntoView?.({ block: 'nearest' })
        return
      }
      let current = valid
      if (latest) {
        setSubmitError(undefined)
        setReading(true)
        try {
          // Measured from the values the form opened with, which react-hook-form keeps as they were: not from the
          // last read, or a second submit would take the first one's read as the user's own change.
          current = keepOthersChanges(form.formState.defaultValues as V, valid, await latest(), idLists, entries)
        } catch (error) {
          setSubmitError(placeServerError(error, form.setError, wire(valid).pathOf, endpoint.spec.op))
          return
        } finally {
          setReading(false)
        }
      }
      if (holdIf?.(current)) setHeld(current)
      else save(current)
    },
    (_errors, event) => {
      // A refusal above the form was the last attempt's: this one stopped at its fields, which now say why.
      setSubmitError(undefined)
      leaveFocusedField(event)
    },
  )
  // Without cancelTo, leaveTo is a fixed page (the Leave type sees to it).
  const onCancel = () => void navigate(cancelTo ?? (leaveTo as string))
  return {
    onSubmit,
    onCancel,
    loading: send.isPending || reading,
    submitError,
    notAllowed,
    request,
    /** The saved resource, once the platform accepted. */
    saved: send.data,
    /** For FormShell's question before unsaved input is left; read in render, which has react-hook-form track it. */
    unsaved: { dirty: form.formState.isDirty, leavingSaved },
    /** Values waiting for the user's confirmation (holdIf), with the two ways out. */
    held,
    release: () => held && save(held),
    dismiss: () => setHeld(undefined),
  }
}

/**
 * Why the caller may not send this create or update, from the ACL, for a resource of the console's rows (a form
 * opened by its URL, or an edit page of something the caller only reads); undefined when it is allowed.
 */
function useNotAllowed({ resource, op }: { resource: string; op: string }): string | undefined {
  const access = useAccess()
  const row: Resource | undefined = (resources as Record<string, Resource>)[resource]
  if (!row || (op !== 'create' && op !== 'update')) return undefined
  return access.reason(row, op)
}

/**
 * Leaves the field that has focus in the submitted form, before react-hook-form focuses the first invalid field: the
 * browser scrolls only to a field that takes focus. The form's buttons keep focus in the field being edited while
 * pressed (keep-focus.ts), so when that field was the first invalid one, focusing it changed nothing, and it stayed
 * wherever the page had scrolled to reach the button, often off screen.
 */
function leaveFocusedField(event?: BaseSyntheticEvent) {
  const field = document.activeElement
  if (field instanceof HTMLElement && event?.target instanceof HTMLFormElement && event.target.contains(field))
    field.blur()
}
