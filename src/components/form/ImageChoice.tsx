import { useWatch, type Control } from 'react-hook-form'
import { isNotOffered } from '../../api/errors'
import type { Flavor, Image } from '../../api/schemas/regional'
import { SelectField } from './fields'
import { TypedIdField } from './TypedIdField'
import { describeImage, imagesFor } from '../../lib/catalog-fit'
import { alertOf, ErrorAlert } from '../ErrorAlert'
import type { FlavorImageForm, Listing } from './FlavorChoice'

/**
 * The image of an instance, for create and edit: only the images that suit the chosen flavor (its GPU vendor's
 * drivers first), saying how many others are hidden and why; an id to type where the platform cannot list them. The
 * chosen image stays listed even when the filter would hide it (say, it is no longer marked ready), and the image the
 * instance runs now, on edit, is marked as current.
 */
export function ImageChoice<T extends FlavorImageForm>({
  control,
  images,
  flavor,
  current,
}: {
  control: Control<T>
  images: Listing<Image>
  flavor: Flavor | undefined
  current?: string
}) {
  const typed = control as unknown as Control<FlavorImageForm>
  const imageId = useWatch({ control: typed, name: 'imageId' })

  if (isNotOffered(images.error))
    return (
      <TypedIdField
        control={typed}
        name="imageId"
        noun="image"
        which="of one that suits the flavor (GPU drivers of its vendor)"
      />
    )
  if (images.error) return <ErrorAlert {...alertOf(images.error)} title="The images could not be loaded" />

  const fitting = imagesFor(images.data ?? [], flavor)
  const chosen = images.data?.find((i) => i.metadata.id === imageId)
  const choices = chosen && !fitting.includes(chosen) ? [chosen, ...fitting] : fitting
  const hidden = (images.data?.length ?? 0) - fitting.length
  return (
    <SelectField
      control={typed}
      name="imageId"
      label="Image"
      withAsterisk
      searchable
      placeholder={images.isPending ? 'Loading images…' : 'Choose an image'}
      description={
        flavor
          ? hidden > 0
            ? `Images that suit ${flavor.metadata.name}${flavor.spec.gpu ? `, ${flavor.spec.gpu.vendor} drivers first` : ''}; ${hidden} other${hidden === 1 ? '' : 's'} hidden (other GPU vendor, no GPU, or bare-metal limits).`
            : `Every image suits ${flavor.metadata.name}.`
          : 'Choose a flavor first to see only the images that suit it.'
      }
      data={choices.map((i) => {
        const name = i.metadata.id === current ? `${i.metadata.name} (current)` : i.metadata.name
        const description = describeImage(i)
        return { value: i.metadata.id, label: description ? `${name} — ${description}` : name }
      })}
    />
  )
}
