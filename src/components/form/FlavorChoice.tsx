import { useController, useWatch, type UseFormReturn } from 'react-hook-form'
import { isNotOffered } from '../../api/errors'
import type { Flavor, Image } from '../../api/schemas/regional'
import { TypedIdField } from './TypedIdField'
import { imageMismatch } from '../../lib/catalog-fit'
import { alertOf, ErrorAlert } from '../ErrorAlert'
import { FlavorPicker } from './FlavorPicker'
import { useSteadyWhilePressed } from '../../lib/use-steady-while-pressed'

/** The fields instance create and edit share for the size and the system: one choice of each, so they cannot drift. */
export interface FlavorImageForm {
  flavorId: string
  imageId: string
}

/** A catalog as its query gives it. */
export interface Listing<T> {
  data?: T[]
  error: Error | null
  isPending: boolean
}

/**
 * The flavor of an instance, for create and edit: the region's flavors as a table to choose from, an id to type where
 * the platform cannot list them. Choosing a flavor the chosen image does not suit clears the image, with the reason
 * under the image field, where the user looks next, rather than sending a pair the platform refuses.
 */
export function FlavorChoice<T extends FlavorImageForm>({
  form,
  flavors,
  images,
}: {
  form: UseFormReturn<T>
  flavors: Listing<Flavor>
  images: Image[] | undefined
}) {
  const typed = form as unknown as UseFormReturn<FlavorImageForm>
  const { field, fieldState } = useController({ control: typed.control, name: 'flavorId' })
  const error = useSteadyWhilePressed(fieldState.error?.message)
  const imageId = useWatch({ control: typed.control, name: 'imageId' })

  const choose = (flavorId: string) => {
    field.onChange(flavorId)
    const next = flavors.data?.find((f) => f.metadata.id === flavorId)
    const image = images?.find((i) => i.metadata.id === imageId)
    const mismatch = next && image ? imageMismatch(image, next) : undefined
    if (next && image && mismatch) {
      typed.setValue('imageId', '')
      typed.setError('imageId', {
        type: 'fit',
        message: `${image.metadata.name} does not suit ${next.metadata.name}: ${mismatch} Choose another image.`,
      })
    }
  }

  if (isNotOffered(flavors.error)) return <TypedIdField control={typed.control} name="flavorId" noun="flavor" />
  if (flavors.error) return <ErrorAlert {...alertOf(flavors.error)} title="The flavors could not be loaded" />
  return (
    <FlavorPicker
      flavors={flavors.data ?? []}
      value={field.value}
      onChange={choose}
      error={error}
      focusRef={field.ref}
      loading={flavors.isPending}
    />
  )
}
