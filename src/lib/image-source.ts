import type { Image } from '../api/schemas/regional'

// The platform's image answer has no field for the instance a snapshot was taken of, and it keeps the tags a write
// gives. The console's snapshot tags the new image with the instance's id, so the image's page can name and link it;
// an image snapshotted elsewhere carries no such tag, and its page says nothing of its source.

const SOURCE_INSTANCE_TAG = 'snapshot-of-instance'

/** The tag the console's snapshot writes on the new image. */
export const sourceInstanceTag = (instanceId: string) => ({ name: SOURCE_INSTANCE_TAG, value: instanceId })

/** The id of the instance the image was snapshotted from, where its tags say. */
export const sourceInstanceOf = (image: Image): string | undefined =>
  image.metadata.tags?.find((tag) => tag.name === SOURCE_INSTANCE_TAG)?.value || undefined
