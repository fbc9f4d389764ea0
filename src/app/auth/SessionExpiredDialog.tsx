import { Modal } from '../../components/mantine/Modal'
import { Text } from '../../components/mantine/Text'
import { withTraceIds, type ApiError } from '../../api/errors'
import { SERVICE_NAMES } from '../../api/services'
import { SignInForm } from './SignInForm'

/**
 * Over the current page, which stays mounted, so unsaved input survives signing in again. Says who ended the session,
 * in its words: the console server (a sign-out in another tab, an expiry, a refused renewal), which answers for the
 * platform's services without asking them, or a platform service that refused the credential.
 */
export function SessionExpiredDialog({ refusal, onSignedIn }: { refusal: ApiError; onSignedIn: () => void }) {
  const byConsole = refusal.service === 'console' || refusal.sessionEnd !== undefined
  const who = byConsole ? undefined : SERVICE_NAMES[refusal.service]
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
      <Text size="sm" mb="xs">
        {who
          ? `The ${who} refused your session's credential (${refusal.method} ${refusal.path}): ${withTraceIds(refusal.message, refusal)}`
          : `Ended by the console server: ${refusal.message}`}
      </Text>
      <Text size="sm" mb="md">
        Sign in again to continue. Nothing on this page is lost: your unsaved input is still here.
      </Text>
      <SignInForm onSignedIn={onSignedIn} inPlace />
    </Modal>
  )
}
