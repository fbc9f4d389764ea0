import { ConfirmAction } from '../../../components/ConfirmAction'

interface ConfirmRotateProps {
  opened: boolean
  name: string
  loading: boolean
  error?: Error | null
  onConfirm: () => void
  onClose: () => void
}

/** Rotating stops the current token at once, so it is asked for, not done on a click. */
export function ConfirmRotate({ name, ...dialog }: ConfirmRotateProps) {
  return (
    <ConfirmAction {...dialog} title="Rotate token" confirmLabel="Rotate token" errorTitle="The token was not rotated">
      A new token is issued for <b>{name}</b> and the current one <b>stops working at once</b>. Whatever uses it needs
      the new token, which is shown only once.
    </ConfirmAction>
  )
}
