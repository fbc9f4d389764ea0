import { Paper } from '../../../components/mantine/Paper'
import { Text } from '../../../components/mantine/Text'
import { Title } from '../../../components/mantine/Title'
import { Anchor } from '../../../components/mantine/Anchor'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { readQuery } from '../../../api/read'
import { useId } from 'react'
import { CopyableId } from '../../../components/CopyableId'
import { DetailList } from '../../../components/DetailList'
import { DetailPage } from '../../../components/DetailPage'
import { RelativeTime } from '../../../components/RelativeTime'
import { paths } from '../../../lib/paths'
import { resources } from '../../../lib/resources'
import { scopedRoute } from '../../../lib/route-module'
import { useStoredScope } from '../../../lib/scope'
import { PROVIDER_SCOPES, SIGN_IN_TYPES, wordsFor } from '../sign-in-words'
import { OrganizationHoldings } from '../components/OrganizationHoldings'
import { PlatformVersions } from '../components/PlatformVersions'
import { organizationReads } from '../organization-reads'

export const { loader } = scopedRoute((queryClient, { organizationID }) => {
  const reads = organizationReads(organizationID)
  return Promise.all([
    queryClient.ensureQueryData(readQuery(reads.organization)),
    // The provider its people sign in through is named from the list; a list that cannot be read leaves its id.
    queryClient.prefetchQuery(readQuery(reads.providers)),
    // Versions are the page's last panel: one a service does not report is said there.
    queryClient.prefetchQuery(readQuery(reads.regionVersion)),
    queryClient.prefetchQuery(readQuery(reads.computeVersion)),
    queryClient.prefetchQuery(readQuery(reads.identityVersion)),
    queryClient.prefetchQuery(readQuery(reads.storageVersion)),
  ])
})

export function Component() {
  const organizationID = useStoredScope().organizationId ?? ''
  const reads = organizationReads(organizationID)
  const { data: organization } = useSuspenseQuery(readQuery(reads.organization))
  const spec = organization.spec
  const type = wordsFor(SIGN_IN_TYPES, spec?.organizationType)
  const headingId = useId()
  const ownProvider = spec?.providerScope === 'organization' && spec.providerID ? spec.providerID : undefined
  const providers = useQuery({ ...readQuery(reads.providers), enabled: ownProvider !== undefined })
  const provider = providers.data?.find((p) => p.metadata.id === ownProvider)
  return (
    <DetailPage
      title={organization.metadata.name}
      description={organization.metadata.description}
      governs={resources.organizations}
      edit={{ to: paths.organizations.edit(organization.metadata.id) }}
      details={[
        { label: 'ID', value: <CopyableId value={organization.metadata.id} label="organization id" /> },
        { label: 'Created', value: <RelativeTime value={organization.metadata.creationTime} size="sm" span /> },
        { label: 'Last changed', value: <RelativeTime value={organization.metadata.modifiedTime} size="sm" span /> },
      ]}
    >
      <OrganizationHoldings organizationID={organizationID} />
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={headingId}>
        <Title id={headingId} order={2} size="h4" mb={4}>
          Sign-in
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {type?.says ?? 'The platform did not say how people sign in.'}
        </Text>
        <DetailList
          cols={4}
          items={[
            { label: 'Type', value: type?.label ?? spec?.organizationType ?? 'Not set' },
            { label: 'E-mail domain', value: spec?.domain || 'None' },
            {
              label: 'Provider scope',
              value: wordsFor(PROVIDER_SCOPES, spec?.providerScope) ?? spec?.providerScope ?? 'Not set',
            },
            {
              label: 'Provider',
              value: provider ? (
                <Anchor component={Link} to={paths.oauth2Providers.item(provider.metadata.id)} size="sm">
                  {provider.metadata.name}
                </Anchor>
              ) : (
                (spec?.providerID ?? 'Not set')
              ),
            },
          ]}
        />
      </Paper>
      <PlatformVersions
        reads={{
          region: reads.regionVersion,
          compute: reads.computeVersion,
          identity: reads.identityVersion,
          storage: reads.storageVersion,
        }}
      />
    </DetailPage>
  )
}
