import { ConfirmAction } from '../../../components/ConfirmAction'

interface ConfirmSuspendProps {
  opened: boolean
  subject: string
  loading: boolean
  error?: Error | null
  onConfirm: () => void
  onClose: () => void
}

/** Suspending signs a person out of everything at once, so it is asked for, not done on a click. */
export function ConfirmSuspend({ subject, ...dialog }: ConfirmSuspendProps) {
  return (
    <ConfirmAction
      {...dialog}
      title="Suspend user"
      confirmLabel="Suspend user"
      color="amber.9"
      errorTitle="The user was not suspended"
    >
      <b>{subject}</b> will no longer be able to sign in or use the API. Their groups are kept, so reactivating them
      later restores their access.
    </ConfirmAction>
  )
}
