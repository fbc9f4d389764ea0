import { Alert, Stack, Text } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { isInUse } from '../../../api/errors'

import type { Instance, SecurityGroup } from '../../../api/schemas/regional'
import { ConfirmDelete } from '../../../components/ConfirmDelete'
import { InstanceLinks } from './InstanceLinks'
import { m } from '../../../api/endpoint'
import { securityGroupApi } from '../../../api/securityGroups'

interface DeleteSecurityGroupProps {
  group: SecurityGroup
  opened: boolean
  onClose: () => void
  onDeleted: () => void
  /** Instances using the group as last looked up; undefined when this platform cannot list instances. */
  users: Instance[] | undefined
  /** Looks the users up again, after the platform refused because the group is in use. */
  onRefused: () => void
}

/**
 * The platform refuses to delete a group an instance uses (403 "in use"). The dialog says so before the user
 * confirms when the lookup already found users, and after a refusal names them, linked, where the user is looking.
 */
export function DeleteSecurityGroup({ group, opened, onClose, onDeleted, users, onRefused }: DeleteSecurityGroupProps) {
  const remove = useMutation(m(securityGroupApi.delete))
  const inUse = isInUse(remove.error)
  const named = users && users.length > 0 ? users : undefined

  return (
    <ConfirmDelete
      opened={opened}
      onClose={() => {
        remove.reset()
        onClose()
      }}
      kind="security group"
      name={group.metadata.name}
      loading={remove.isPending}
      consequences={
        named && !remove.error ? (
          <Alert
            color="yellow"
            variant="light"
            title={`In use by ${named.length} instance${named.length === 1 ? '' : 's'}`}
          >
            <Stack gap={6}>
              <Text size="sm">
                The platform refuses to delete a group an instance uses. Remove it from these instances first:
              </Text>
              <InstanceLinks instances={named} label="Instances using this group" />
            </Stack>
          </Alert>
        ) : undefined
      }
      error={
        remove.error ? (
          <Stack gap={6}>
            <Text size="sm">{remove.error.message}</Text>
            {inUse && named && (
              <>
                <Text size="sm">Remove the group from these instances, then delete it:</Text>
                <InstanceLinks instances={named} label="Instances using this group" />
              </>
            )}
          </Stack>
        ) : undefined
      }
      onConfirm={() =>
        remove.mutate(
          { securityGroupID: group.metadata.id },
          {
            onSuccess: onDeleted,
            onError: (error) => {
              if (isInUse(error)) onRefused()
            },
          },
        )
      }
    />
  )
}
