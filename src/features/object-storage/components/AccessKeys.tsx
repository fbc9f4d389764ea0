import { notifications } from '@mantine/notifications'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { m } from '../../../api/endpoint'
import { readQuery } from '../../../api/read'
import { acceptedOnly } from '../../../api/client'
import { pollWhileSettling } from '../../../api/settling'
import {
  objectStorageAccessKeyApi,
  type ObjectStorageAccessKey,
  type ObjectStorageEndpoint,
} from '../../../api/objectStorage'
import { ConfirmDelete } from '../../../components/ConfirmDelete'
import { ErrorAlert } from '../../../components/ErrorAlert'
import { SelectField, TextField } from '../../../components/form/fields'
import { NAME_HINT } from '../../../components/form/FormPage'
import { useResourceForm } from '../../../components/form/useResourceForm'
import { Button } from '../../../components/mantine/Button'
import { Code } from '../../../components/mantine/Code'
import { Group } from '../../../components/mantine/Group'
import { Modal } from '../../../components/mantine/Modal'
import { Paper } from '../../../components/mantine/Paper'
import { Stack } from '../../../components/mantine/Stack'
import { Table } from '../../../components/mantine/Table'
import { Text } from '../../../components/mantine/Text'
import { Title } from '../../../components/mantine/Title'
import { VisuallyHidden } from '../../../components/mantine/VisuallyHidden'
import { PermittedAction } from '../../../components/PermittedAction'
import { RelativeTime } from '../../../components/RelativeTime'
import { RequestPreview } from '../../../components/RequestPreview'
import { ResourceStatus } from '../../../components/StatusBadge'
import { useAccess } from '../../../lib/permissions'
import { paths } from '../../../lib/paths'
import { resources } from '../../../lib/resources'
import { accessKeyCreate, type AccessKeyValues } from '../object-storage-form'
import { objectStorageEndpointReads } from '../object-storage-reads'
import { NewAccessKey } from './NewAccessKey'

/**
 * An endpoint's access keys, each bound to one of its identity policies: listed with their key ids (never a secret:
 * no read returns one), created here, the new one's secret shown once, and deleted one at a time.
 */
export function AccessKeys({ endpoint }: { endpoint: ObjectStorageEndpoint }) {
  // Polled while a key settles: a new one is `unknown` until the platform has made it.
  const keys = useQuery({
    ...readQuery(objectStorageEndpointReads.related(endpoint).accessKeys),
    refetchInterval: pollWhileSettling,
  })
  const [creating, setCreating] = useState(false)
  const [deleting, setDeleting] = useState<ObjectStorageAccessKey>()
  const access = useAccess()
  const policies = endpoint.spec.identityPolicies
  const refused =
    access.reason(resources.objectStorageEndpoints, 'update') ??
    (policies.length ? undefined : 'Add an identity policy to the endpoint first: every key is bound to one.')
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="access-keys-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="access-keys-title">
          Access keys
        </Title>
        <PermittedAction onClick={() => setCreating(true)} disabledReason={refused}>
          Create access key
        </PermittedAction>
      </Group>
      {keys.error ? (
        <ErrorAlert title="Could not load the access keys" message={keys.error.message} />
      ) : !keys.data ? (
        <Text size="sm" c="dimmed">
          Loading access keys…
        </Text>
      ) : keys.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No access keys. Create one for each S3 client, bound to the policy it needs.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Access key id</Table.Th>
                <Table.Th>Identity policy</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.map((key) => (
                <Table.Tr key={key.metadata.id}>
                  <Table.Td>{key.metadata.name}</Table.Td>
                  <Table.Td>
                    <Code>{key.spec.accessKeyId ?? '—'}</Code>
                  </Table.Td>
                  <Table.Td>{key.spec.identityPolicy}</Table.Td>
                  <Table.Td>
                    <ResourceStatus provisioning={key.metadata.provisioningStatus} health={key.metadata.healthStatus} />
                  </Table.Td>
                  <Table.Td>
                    <RelativeTime value={key.metadata.creationTime} size="sm" span />
                  </Table.Td>
                  <Table.Td>
                    <PermittedAction
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setDeleting(key)}
                      disabledReason={access.reason(resources.objectStorageEndpoints, 'update')}
                      aria-label={`Delete access key ${key.metadata.name}`}
                    >
                      Delete
                    </PermittedAction>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {creating && <CreateAccessKey endpoint={endpoint} onClose={() => setCreating(false)} />}
      {deleting && (
        <DeleteAccessKey endpointId={endpoint.metadata.id} target={deleting} onClose={() => setDeleting(undefined)} />
      )}
    </Paper>
  )
}

/** The create, then in the same dialog the key's secret, once. The secret lives in this mutation's result alone. */
function CreateAccessKey({ endpoint, onClose }: { endpoint: ObjectStorageEndpoint; onClose: () => void }) {
  const policies = endpoint.spec.identityPolicies
  const defaults: AccessKeyValues = { name: '', identityPolicy: policies.length === 1 ? policies[0]!.name : '' }
  const { form, submit } = useResourceForm({
    ...accessKeyCreate,
    defaultValues: defaults,
    params: { objectStorageEndpointID: endpoint.metadata.id },
    savedMessage: (created) => `Access key ${created.metadata.name} created.`,
    cancelTo: paths.objectStorageEndpoints.item(endpoint.metadata.id),
  })
  const created = submit.saved
  // Until the secret is shown, closing is cancelling; after, the panel's own Done (which asks) closes it.
  return (
    <Modal
      opened
      onClose={created ? () => undefined : onClose}
      withCloseButton={!created}
      closeOnEscape={!created}
      closeOnClickOutside={!created}
      title={created ? `Access key ${created.metadata.name} created` : 'Create access key'}
      size="lg"
    >
      {created ? (
        <NewAccessKey created={created} dnsName={endpoint.status.exposure?.public?.dnsName} onDone={onClose} />
      ) : (
        <form onSubmit={submit.onSubmit} noValidate>
          <Stack gap="md">
            {submit.submitError && (
              <ErrorAlert
                title={submit.submitError.title ?? 'The platform refused the access key'}
                message={submit.submitError.message}
                traces={submit.submitError.traces}
              />
            )}
            <TextField
              control={form.control}
              name="name"
              label="Name"
              description={NAME_HINT}
              withAsterisk
              data-autofocus
            />
            <SelectField
              control={form.control}
              name="identityPolicy"
              label="Identity policy"
              description="What the key may do: one of the endpoint's policies. A key stays bound to it."
              withAsterisk
              data={policies.map((policy) => policy.name)}
            />
            <Text size="sm" c="dimmed">
              The secret is shown once, when the key is created.
            </Text>
            <RequestPreview request={submit.request} title="Request this form sends" />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={submit.loading}>
                Create access key
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  )
}

function DeleteAccessKey({
  endpointId,
  target,
  onClose,
}: {
  endpointId: string
  target: ObjectStorageAccessKey
  onClose: () => void
}) {
  const remove = useMutation(m(objectStorageAccessKeyApi.delete))
  return (
    <ConfirmDelete
      opened
      onClose={onClose}
      kind="access key"
      name={target.metadata.name}
      loading={remove.isPending}
      failure={remove.error}
      consequences={<Text size="sm">S3 clients using key {target.spec.accessKeyId} lose their access.</Text>}
      onConfirm={() =>
        remove.mutate(
          { objectStorageEndpointID: endpointId, objectStorageAccessKeyID: target.metadata.id },
          {
            onSuccess: (answer) => {
              notifications.show({
                color: 'green',
                message: `Access key ${target.metadata.name} ${acceptedOnly(answer) ? 'is being deleted' : 'deleted'}.`,
              })
              onClose()
            },
          },
        )
      }
    />
  )
}
