import { Stack } from './mantine/Stack'
import { useMutation, type UseMutationOptions } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { acceptedOnly } from '../api/client'
import { isInUse } from '../api/errors'
import { ConfirmDelete } from './ConfirmDelete'
import { InUseBy, UsersList, useUsersOf, type UsedItem } from './InUseBy'
import { singular, type Resource } from '../lib/resources'

export interface DeleteResourceDialogProps<TData, TVariables> {
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
  /** The item, for a resource something may use (`Resource.usedBy`): the dialog says what uses it. */
  item?: UsedItem
  opened: boolean
  onClose: () => void
  /** Told whether the platform only accepted the delete (202), or answered it done. */
  onDeleted: (accepted: boolean) => void
}

/** DeleteResourceButton's dialog: the name-typed confirmation, the delete itself, and what uses the resource. */
export default function DeleteResourceDialog<TData, TVariables>({
  resource,
  name,
  mutation,
  variables,
  consequences,
  describeError = (error) => error.message,
  item,
  opened,
  onClose,
  onDeleted,
}: DeleteResourceDialogProps<TData, TVariables>) {
  const remove = useMutation(mutation)
  const usage = useUsersOf(resource, item, opened)
  return (
    <ConfirmDelete
      opened={opened}
      onClose={() => {
        onClose()
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
      failure={remove.error}
      failureWords={
        remove.error ? (
          <Stack gap={6}>
            {describeError(remove.error)}
            {isInUse(remove.error) && item && usage.users.length > 0 && (
              <UsersList resource={resource} users={usage.users} projectId={item.projectId} />
            )}
          </Stack>
        ) : undefined
      }
      onConfirm={() =>
        remove.mutate(variables, {
          onSuccess: (answer) => onDeleted(acceptedOnly(answer)),
          // Refused as in use: what uses it is looked up again, so the warning names what the platform saw.
          onError: (error) => {
            if (isInUse(error)) usage.refetch()
          },
        })
      }
    />
  )
}
