import { Alert } from '../../../components/mantine/Alert'
import { Button } from '../../../components/mantine/Button'
import { Group } from '../../../components/mantine/Group'
import { Modal } from '../../../components/mantine/Modal'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { alertOf, ErrorAlert } from '../../../components/ErrorAlert'
import { notifications } from '@mantine/notifications'
import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate, useParams, type Params } from 'react-router'
import { ConfirmDelete } from '../../../components/ConfirmDelete'
import { CopyableId } from '../../../components/CopyableId'
import { DetailPage } from '../../../components/DetailPage'
import { GroupNames } from '../../../components/GroupNames'
import { RelativeTime } from '../../../components/RelativeTime'
import { TagList } from '../../../components/TagList'
import { paths } from '../../../lib/paths'
import { scopedRoute } from '../../../lib/route-module'
import { useStoredScope } from '../../../lib/scope'
import { ExpiryBadge } from '../components/ExpiryBadge'
import { OneTimeToken } from '../components/OneTimeToken'
import { ServiceAccountCrumb } from '../components/ServiceAccountCrumb'
import { expiryOf, needsAttention } from '../expiry'
import { q, m } from '../../../api/endpoint'
import { serviceAccountApi } from '../../../api/identity'
import { DeleteButton } from '../../../components/DeleteResourceButton'
import { resources } from '../../../lib/resources'

export const { loader } = scopedRoute((queryClient, { params, organizationID }) =>
  queryClient.ensureQueryData(
    q(serviceAccountApi.detail, { organizationID, serviceAccountID: params.serviceAccountId! }),
  ),
)

export const handle = { crumb: (params: Params) => <ServiceAccountCrumb serviceAccountId={params.serviceAccountId!} /> }

export function Component() {
  const serviceAccountId = useParams().serviceAccountId!
  const navigate = useNavigate()
  const organizationID = useStoredScope().organizationId ?? ''
  const { data: account } = useSuspenseQuery(
    q(serviceAccountApi.detail, { organizationID, serviceAccountID: serviceAccountId }),
  )
  const [dialog, setDialog] = useState<'delete' | 'rotate'>()
  // The rotated account, with its new one-time token, stays in this mutation's result only.
  const rotate = useMutation(m(serviceAccountApi.rotate))
  const remove = useMutation(m(serviceAccountApi.delete))

  const ref = { organizationID, serviceAccountID: serviceAccountId }
  const close = () => {
    setDialog(undefined)
    if (!rotate.data) rotate.reset()
    remove.reset()
  }
  const newToken = rotate.data?.status?.accessToken
  const attention = needsAttention(expiryOf(account.status?.expiry, Date.now()))

  return (
    <DetailPage
      title={account.metadata.name}
      description={account.metadata.description}
      governs={resources.serviceAccounts}
      edit={{ to: paths.serviceAccounts.edit(serviceAccountId) }}
      actions={
        <>
          <Button variant="light" onClick={() => setDialog('rotate')} disabled={Boolean(newToken)}>
            Rotate token
          </Button>
          <DeleteButton onClick={() => setDialog('delete')} governs={resources.serviceAccounts} />
        </>
      }
      notices={
        <>
          {newToken && (
            <OneTimeToken
              token={newToken}
              event="rotated"
              name={account.metadata.name}
              doneLabel="Done"
              onDone={() => rotate.reset()}
            />
          )}
          {attention && !newToken && (
            <Alert color="amber" variant="light" title="This token expires soon or has expired">
              Rotate it to issue a new token with a fresh lifetime, then give the new token to whatever uses this
              account.
            </Alert>
          )}
        </>
      }
      details={[
        { label: 'Token expiry', value: <ExpiryBadge expiry={account.status?.expiry} /> },
        {
          label: 'Groups',
          value: <GroupNames ids={account.spec.groupIDs} organizationID={organizationID} links />,
        },
        { label: 'ID', value: <CopyableId value={account.metadata.id} label="service account id" /> },
        { label: 'Created', value: <RelativeTime value={account.metadata.creationTime} size="sm" span /> },
        { label: 'Last changed', value: <RelativeTime value={account.metadata.modifiedTime} size="sm" span /> },
        { label: 'Tags', value: <TagList tags={account.metadata.tags} /> },
      ]}
      dialogs={
        <>
          <Modal opened={dialog === 'rotate'} onClose={close} title="Rotate token" centered>
            <Stack gap="md">
              <Text size="sm">
                A new token is issued for <b>{account.metadata.name}</b> and the current one{' '}
                <b>stops working at once</b>. Whatever uses it needs the new token, which is shown only once.
              </Text>
              {rotate.error && <ErrorAlert {...alertOf(rotate.error)} title="The token was not rotated" />}
              <Group justify="flex-end">
                <Button variant="default" onClick={close} disabled={rotate.isPending}>
                  Cancel
                </Button>
                <Button
                  onClick={() => rotate.mutate(ref, { onSuccess: () => setDialog(undefined) })}
                  loading={rotate.isPending}
                  data-autofocus
                >
                  Rotate token
                </Button>
              </Group>
            </Stack>
          </Modal>
          <ConfirmDelete
            opened={dialog === 'delete'}
            onClose={close}
            kind="service account"
            name={account.metadata.name}
            consequences={<>Its token stops working at once.</>}
            loading={remove.isPending}
            error={remove.error?.message}
            onConfirm={() =>
              remove.mutate(ref, {
                onSuccess: () => {
                  notifications.show({ color: 'green', message: `Service account ${account.metadata.name} deleted.` })
                  void navigate(paths.serviceAccounts.list())
                },
              })
            }
          />
        </>
      }
    />
  )
}
