import { Alert } from '../../../components/mantine/Alert'
import { Text } from '../../../components/mantine/Text'

/**
 * A failed image, as far as the platform says: its answer carries the state and no reason, so the page names the
 * state and invents no cause. What an import needs is said only of an image the console cannot tell is a snapshot,
 * and as a condition: a snapshot was never imported, and the answer does not say how the image was made.
 */
export function ImageFailed({ snapshot }: { snapshot: boolean }) {
  return (
    <Alert color="red" title={`The platform reports this ${snapshot ? 'snapshot' : 'image'} as failed`}>
      <Text size="sm">
        {snapshot
          ? 'Its answer gives no reason.'
          : 'Its answer gives no reason. If it was imported: an import needs a URL the region can download from, and a raw disk image, the only format the platform supports (convert qcow2 first). Delete this image, then import it again from a fixed URL or file.'}
      </Text>
    </Alert>
  )
}
