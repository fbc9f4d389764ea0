import { Alert } from '../../../components/mantine/Alert'
import { Text } from '../../../components/mantine/Text'

/**
 * A failed image, as far as the platform says: its answer carries the state and no reason, so the page names the
 * state and the two things the document asks of an import, and invents no cause.
 */
export function ImportFailed() {
  return (
    <Alert color="red" title="The platform reports this image as failed">
      <Text size="sm">
        Its answer gives no reason. An import needs a URL the region can download from, and a raw disk image: the
        platform supports no other format (convert qcow2 first). Delete this image, then import it again from a fixed
        URL or file.
      </Text>
    </Alert>
  )
}
