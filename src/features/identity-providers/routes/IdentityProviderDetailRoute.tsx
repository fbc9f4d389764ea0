import { Alert } from '../../../components/mantine/Alert'
import { Anchor } from '../../../components/mantine/Anchor'
import { Text } from '../../../components/mantine/Text'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { m, q } from '../../../api/endpoint'
import { organizationApi } from '../../../api/identity'
import { oauth2ProviderApi } from '../../../api/oauth2Providers'
import { usingLists } from '../../../api/users-of'
import { CopyableId } from '../../../components/CopyableId'
import { DeleteResourceButton } from '../../../components/DeleteResourceButton'
import { DetailPage } from '../../../components/DetailPage'
import { stateItems } from '../../../components/detail/state-items'
import { statusHeading } from '../../../components/detail/status-heading'
import { RelativeTime } from '../../../components/RelativeTime'
import { paths } from '../../../lib/paths'
import { resources } from '../../../lib/resources'
import { scopedRoute } from '../../../lib/route-module'
import { useStoredScope } from '../../../lib/scope'
import { listCrumb } from '../../../components/NameCrumb'
import { typeLabel } from '../provider-words'

export const { loader } = scopedRoute((queryClient, { params, organizationID }) =>
  queryClient.ensureQueryData(q(oauth2ProviderApi.detail, { organizationID, providerID: params.identityProviderId! })),
)

export const handle = listCrumb(oauth2ProviderApi.list, 'identityProviderId')

export function Component() {
  const providerId = useParams().identityProviderId!
  const organizationID = useStoredScope().organizationId ?? ''
  const { data: provider } = useSuspenseQuery(q(oauth2ProviderApi.detail, { organizationID, providerID: providerId }))
  // The organizations the scope switcher reads (carried with every page) say which provider each signs in through.
  const organization = useQuery({
    ...q(organizationApi.list, {}),
    select: (organizations) => organizations.find((o) => o.metadata.id === organizationID),
  }).data
  const signsIn = organization && usingLists.organizations.names.providerID(organization).includes(providerId)

  return (
    <DetailPage
      {...statusHeading(provider.metadata)}
      governs={resources.oauth2Providers}
      edit={{ to: paths.oauth2Providers.edit(providerId) }}
      actions={
        <DeleteResourceButton
          resource={resources.oauth2Providers}
          name={provider.metadata.name}
          mutation={m(oauth2ProviderApi.delete)}
          variables={{ organizationID, providerID: providerId }}
          consequences={<>People who sign in through it can no longer do so.</>}
          item={{ id: providerId }}
        />
      }
      notices={
        signsIn && (
          <Alert color="iris" variant="light" title="The organization signs in through this provider">
            <Text size="sm">
              Its people sign in here. To use another, change the{' '}
              <Anchor
                component={Link}
                to={paths.organizations.edit(organizationID)}
                size="sm"
                inherit
                underline="always"
              >
                organization’s sign-in settings
              </Anchor>{' '}
              first.
            </Text>
          </Alert>
        )
      }
      details={[
        { label: 'Type', value: typeLabel(provider.spec.type) },
        { label: 'Issuer', value: provider.spec.issuer ?? 'Not given' },
        { label: 'Client ID', value: <CopyableId value={provider.spec.clientID} label="client id" /> },
        { label: 'Client secret', value: 'Written when saved; never shown back' },
        { label: 'ID', value: <CopyableId value={provider.metadata.id} label="identity provider id" /> },
        ...stateItems(provider.metadata),
        { label: 'Created', value: <RelativeTime value={provider.metadata.creationTime} size="sm" span /> },
        { label: 'Last changed', value: <RelativeTime value={provider.metadata.modifiedTime} size="sm" span /> },
      ]}
    />
  )
}
