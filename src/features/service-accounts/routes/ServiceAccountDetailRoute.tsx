import { Alert } from '../../../components/mantine/Alert'
import { Button } from '../../../components/mantine/Button'
import { notifications } from '@mantine/notifications'
import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { CopyableId } from '../../../components/CopyableId'
import { DetailPage } from '../../../components/DetailPage'
import { stateItems } from '../../../components/detail/state-items'
import { statusHeading } from '../../../components/detail/status-heading'
import { GroupNames } from '../../../components/GroupNames'
import { RelativeTime } from '../../../components/RelativeTime'
import { TagList } from '../../../components/TagList'
import { paths } from '../../../lib/paths'
import { scopedRoute } from '../../../lib/route-module'
import { useOpenedOnce } from '../../../lib/use-opened-once'
import { useStoredScope } from '../../../lib/scope'
import { ExpiryBadge } from '../components/ExpiryBadge'
import { expiryOf, expiryText, needsAttention } from '../expiry'
import { q, m } from '../../../api/endpoint'
import { serviceAccountApi } from '../../../api/identity'
import { DeleteButton } from '../../../components/DeleteResourceButton'
import { resources } from '../../../lib/resources'
import { listCrumb } from '../../../components/NameCrumb'

// The dialogs, and the one-time token a rotation shows, load when they are first needed: the page's first screen shows
// none of them.
const ConfirmDelete = lazy(() =>
  import('../../../components/ConfirmDelete').then((module) => ({ default: module.ConfirmDelete })),
)
const ConfirmRotate = lazy(() =>
  import('../components/ConfirmRotate').then((module) => ({ default: module.ConfirmRotate })),
)
const OneTimeToken = lazy(() =>
  import('../components/OneTimeToken').then((module) => ({ default: module.OneTimeToken })),
)

export const { loader } = scopedRoute((queryClient, { params, organizationID }) =>
  queryClient.ensureQueryData(
    q(serviceAccountApi.detail, { organizationID, serviceAccountID: params.serviceAccountId! }),
  ),
)

export const handle = listCrumb(serviceAccountApi.list, 'serviceAccountId')

export function Component() {
  const serviceAccountId = useParams().serviceAccountId!
  const navigate = useNavigate()
  const organizationID = useStoredScope().organizationId ?? ''
  const { data: account } = useSuspenseQuery(
    q(serviceAccountApi.detail, { organizationID, serviceAccountID: serviceAccountId }),
  )
  const [dialog, setDialog] = useState<'delete' | 'rotate'>()
  const opened = useOpenedOnce(dialog)
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
  const expiry = expiryOf(account.status?.expiry, Date.now())
  const attention = needsAttention(expiry)

  return (
    <DetailPage
      {...statusHeading(account.metadata)}
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
            <Suspense fallback={null}>
              <OneTimeToken
                token={newToken}
                event="rotated"
                name={account.metadata.name}
                doneLabel="Done"
                onDone={() => rotate.reset()}
              />
            </Suspense>
          )}
          {attention && !newToken && (
            <Alert color="amber" variant="light" title={`The token ${expiryText(expiry).toLowerCase()}`}>
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
        ...stateItems(account.metadata),
        { label: 'Created', value: <RelativeTime value={account.metadata.creationTime} size="sm" span /> },
        { label: 'Last changed', value: <RelativeTime value={account.metadata.modifiedTime} size="sm" span /> },
        { label: 'Tags', value: <TagList tags={account.metadata.tags} /> },
      ]}
      dialogs={
        <>
          <Suspense fallback={null}>
            {opened.rotate && (
              <ConfirmRotate
                opened={dialog === 'rotate'}
                name={account.metadata.name}
                loading={rotate.isPending}
                error={rotate.error}
                onConfirm={() => rotate.mutate(ref, { onSuccess: () => setDialog(undefined) })}
                onClose={close}
              />
            )}
            {opened.delete && (
              <ConfirmDelete
                opened={dialog === 'delete'}
                onClose={close}
                kind="service account"
                name={account.metadata.name}
                consequences={<>Its token stops working at once.</>}
                loading={remove.isPending}
                failure={remove.error}
                onConfirm={() =>
                  remove.mutate(ref, {
                    onSuccess: () => {
                      notifications.show({
                        color: 'green',
                        message: `Service account ${account.metadata.name} deleted.`,
                      })
                      void navigate(paths.serviceAccounts.list())
                    },
                  })
                }
              />
            )}
          </Suspense>
        </>
      }
    />
  )
}
