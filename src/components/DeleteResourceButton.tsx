import { notifications } from '@mantine/notifications'
import { useMutation, type UseMutationOptions } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { ConfirmDelete } from './ConfirmDelete'
import { PermittedAction } from './PermittedAction'
import { useAccess, type Governed } from '../lib/permissions'

/**
 * A detail page's delete flow around its own confirmation dialog: whether the dialog is open, and what follows a
 * delete the platform accepted (a notification, then the list the resource was in).
 */
export function useDeleteDialog({ kind, name, leaveTo }: { kind: string; name: string; leaveTo: string }) {
  const [opened, setOpened] = useState(false)
  const navigate = useNavigate()
  return {
    opened,
    open: () => setOpened(true),
    close: () => setOpened(false),
    onDeleted: () => {
      notifications.show({
        color: 'green',
        message: `${kind.charAt(0).toUpperCase()}${kind.slice(1)} ${name} is being deleted.`,
      })
      void navigate(leaveTo)
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
  governs: Governed
  disabledReason?: string
}) {
  const refused = useAccess().reason(governs, 'delete') ?? disabledReason
  return (
    <PermittedAction color="red" variant="light" onClick={onClick} disabledReason={refused}>
      Delete
    </PermittedAction>
  )
}

interface DeleteResourceButtonProps<TData, TVariables> {
  /** "network", "file storage"…: the dialog's wording and the notification's. */
  kind: string
  name: string
  /** The resource's delete mutation and what it is called with. */
  mutation: UseMutationOptions<TData, Error, TVariables>
  variables: TVariables
  /** The list to go to once the platform accepted the delete. */
  leaveTo: string
  consequences?: ReactNode
  /** The platform's refusal as the dialog shows it; its message by default. */
  describeError?: (error: Error) => ReactNode
  /** The page the caller's roles govern: the button asks for its delete permission itself. */
  governs: Governed
  /** A reason of the resource's own to refuse the delete. */
  disabledReason?: string
}

/** Delete button, name-typed confirmation, the delete itself, and what follows it. */
export function DeleteResourceButton<TData, TVariables>({
  kind,
  name,
  mutation,
  variables,
  leaveTo,
  consequences,
  describeError = (error) => error.message,
  governs,
  disabledReason,
}: DeleteResourceButtonProps<TData, TVariables>) {
  const dialog = useDeleteDialog({ kind, name, leaveTo })
  const remove = useMutation(mutation)
  return (
    <>
      <DeleteButton onClick={dialog.open} governs={governs} disabledReason={disabledReason} />
      <ConfirmDelete
        opened={dialog.opened}
        onClose={() => {
          dialog.close()
          remove.reset()
        }}
        kind={kind}
        name={name}
        loading={remove.isPending}
        consequences={consequences}
        error={remove.error ? describeError(remove.error) : undefined}
        onConfirm={() => remove.mutate(variables, { onSuccess: dialog.onDeleted })}
      />
    </>
  )
}
