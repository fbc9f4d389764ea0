import { notifications } from '@mantine/notifications'
import { Stack } from '@mantine/core'
import { useMutation, type UseMutationOptions } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { isInUse, traceIdsOf } from '../api/errors'
import { ConfirmDelete } from './ConfirmDelete'
import { InUseBy, UsersList, useUsersOf, type UsedItem } from './InUseBy'
import { PermittedAction } from './PermittedAction'
import { useAccess } from '../lib/permissions'
import { capitalized } from '../lib/format'
import { pathsOf } from '../lib/paths'
import { singular, type Resource } from '../lib/resources'

/**
 * A detail page's delete flow around its own confirmation dialog: whether the dialog is open, and what follows a
 * delete the platform accepted (a notification, then the list the resource was in).
 */
function useDeleteDialog({ resource, name }: { resource: Resource; name: string }) {
  const [opened, setOpened] = useState(false)
  const navigate = useNavigate()
  return {
    opened,
    open: () => setOpened(true),
    close: () => setOpened(false),
    onDeleted: () => {
      notifications.show({
        color: 'green',
        message: `${capitalized(singular(resource))} ${name} is being deleted.`,
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

interface DeleteResourceButtonProps<TData, TVariables> {
  /** What is deleted: the dialog's and the notification's words, the list to go to once the platform accepted the
   * delete, and the page whose delete permission the button asks. */
  resource: Resource
  name: string
  /** The resource's delete mutation and what it is called with. */
  mutation: UseMutationOptions<TData, Error, TVariables>
  variables: TVariables
  consequences?: ReactNode
  /** The platform's refusal as the dialog shows it; its message by default. */
  describeError?: (error: Error) => ReactNode
  /** A reason of the resource's own to refuse the delete. */
  disabledReason?: string
  /** The item, for a resource something may use (`Resource.usedBy`): the dialog says what uses it. */
  item?: UsedItem
}

/** Delete button, name-typed confirmation, the delete itself, and what follows it. */
export function DeleteResourceButton<TData, TVariables>({
  resource,
  name,
  mutation,
  variables,
  consequences,
  describeError = (error) => error.message,
  disabledReason,
  item,
}: DeleteResourceButtonProps<TData, TVariables>) {
  const dialog = useDeleteDialog({ resource, name })
  const remove = useMutation(mutation)
  const usage = useUsersOf(resource, item, dialog.opened)
  return (
    <>
      <DeleteButton onClick={dialog.open} governs={resource} disabledReason={disabledReason} />
      <ConfirmDelete
        opened={dialog.opened}
        onClose={() => {
          dialog.close()
          remove.reset()
        }}
        kind={singular(resource)}
        name={name}
        loading={remove.isPending}
        consequences={
          <>
            {consequences}
            {!remove.error && item && <InUseBy resource={resource} projectId={item.projectId} {...usage} />}
          </>
        }
        error={
          remove.error ? (
            <Stack gap={6}>
              {describeError(remove.error)}
              {isInUse(remove.error) && item && usage.users.length > 0 && (
                <UsersList resource={resource} users={usage.users} projectId={item.projectId} />
              )}
            </Stack>
          ) : undefined
        }
        traces={traceIdsOf(remove.error)}
        onConfirm={() =>
          remove.mutate(variables, {
            onSuccess: dialog.onDeleted,
            // Refused as in use: what uses it is looked up again, so the warning names what the platform saw.
            onError: (error) => {
              if (isInUse(error)) usage.refetch()
            },
          })
        }
      />
    </>
  )
}
