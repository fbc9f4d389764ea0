import { Modal, Text } from '@mantine/core'
import { SignInForm } from './SignInForm'

/** Over the current page, which stays mounted, so unsaved input survives signing in again. */
export function SessionExpiredDialog({ onSignedIn }: { onSignedIn: () => void }) {
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
      <Text size="sm" mb="md">
        Sign in again to continue. Nothing on this page is lost: your unsaved input is still here.
      </Text>
      <SignInForm onSignedIn={onSignedIn} inPlace />
    </Modal>
  )
}
