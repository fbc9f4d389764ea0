import { Modal } from '../../components/mantine/Modal'
import { Text } from '../../components/mantine/Text'
import type { ApiError } from '../../api/errors'
import { SERVICE_NAMES } from '../../api/services'
import { SignInForm } from './SignInForm'

/**
 * Over the current page, which stays mounted, so unsaved input survives signing in again. Says which service refused
 * the credential, in its words: the console server's own word that the session is over, or a platform service's.
 */
export function SessionExpiredDialog({ refusal, onSignedIn }: { refusal: ApiError; onSignedIn: () => void }) {
  // The console server's own 401 says only that the session is over, as the title does.
  const who = refusal.service === 'console' ? undefined : SERVICE_NAMES[refusal.service]
  return (
    <Modal
      opened
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title="Your session has ended"
      centered
    >
      {who && (
        <Text size="sm" mb="xs">
          The {who} refused your session's credential ({refusal.method} {refusal.path}): {refusal.message}
        </Text>
      )}
      <Text size="sm" mb="md">
        Sign in again to continue. Nothing on this page is lost: your unsaved input is still here.
      </Text>
      <SignInForm onSignedIn={onSignedIn} inPlace />
    </Modal>
  )
}
