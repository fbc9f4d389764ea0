import { notifications } from '@mantine/notifications'
import { lazy, Suspense, useState } from 'react'
import { useNavigate } from 'react-router'
import type { DeleteResourceDialogProps } from './DeleteResourceDialog'
import { PermittedAction } from './PermittedAction'
import { useAccess } from '../lib/permissions'
import { capitalized } from '../lib/words'
import { pathsOf } from '../lib/paths'
import { singular, type Resource } from '../lib/resources'

// The dialog (Mantine's Modal, its focus trap and what uses the resource) is loaded on the first click of Delete, not
// with the detail page's first screen, which most visits never leave.
const DeleteResourceDialog = lazy(() => import('./DeleteResourceDialog'))

/**
 * A detail page's delete flow around its own confirmation dialog: whether the dialog is open, and what follows a
 * delete the platform accepted (a notification, then the list the resource was in).
 */
function useDeleteDialog({ resource, name }: { resource: Resource; name: string }) {
  const [opened, setOpened] = useState(false)
  // Kept mounted once opened, so it closes with its transition and keeps the delete's state while it does.
  const [loaded, setLoaded] = useState(false)
  const navigate = useNavigate()
  return {
    opened,
    loaded,
    open: () => {
      setLoaded(true)
      setOpened(true)
    },
    close: () => setOpened(false),
    // As the answer said: a 202 only accepted the delete (the item may show for a while yet); any other success did it.
    onDeleted: (accepted: boolean) => {
      notifications.show({
        color: 'green',
        message: `${capitalized(singular(resource))} ${name} ${accepted ? 'is being deleted' : 'deleted'}.`,
      })
      void navigate(pathsOf(resource).list())
    },
  }
}

/**
 * The header's red Delete button; refused (the caller's delete permission on `governs`, or a reason of the
 * resource's own), it stays put but does nothing, and says why on hover.
 */
export function DeleteButton({
  onClick,
  governs,
  disabledReason,
}: {
  onClick: () => void
  governs: Resource
  disabledReason?: string
}) {
  const refused = useAccess().reason(governs, 'delete') ?? disabledReason
  return (
    <PermittedAction color="red" variant="light" onClick={onClick} disabledReason={refused}>
      Delete
    </PermittedAction>
  )
}

type DeleteResourceButtonProps<TData, TVariables> = Omit<
  DeleteResourceDialogProps<TData, TVariables>,
  'opened' | 'onClose' | 'onDeleted'
> & {
  /** A reason of the resource's own to refuse the delete. */
  disabledReason?: string
}

/** Delete button, name-typed confirmation, the delete itself, and what follows it. */
export function DeleteResourceButton<TData, TVariables>({
  disabledReason,
  ...props
}: DeleteResourceButtonProps<TData, TVariables>) {
  const dialog = useDeleteDialog(props)
  return (
    <>
      <DeleteButton onClick={dialog.open} governs={props.resource} disabledReason={disabledReason} />
      {dialog.loaded && (
        <Suspense fallback={null}>
          <DeleteResourceDialog
            // lazy() drops the dialog's type parameters, which the props above already tie together.
            {...(props as DeleteResourceDialogProps<unknown, unknown>)}
            opened={dialog.opened}
            onClose={dialog.close}
            onDeleted={dialog.onDeleted}
          />
        </Suspense>
      )}
    </>
  )
}
