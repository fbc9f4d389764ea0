import { useQuery } from '@tanstack/react-query'
import { q } from '../../../api/endpoint'
import { organizationApi } from '../../../api/identity'
import { PageHeader } from '../../../components/PageHeader'
import { PAGE_ICONS } from '../../../lib/page-icons'

/** The overview's header: the organization by its name. */
export function OverviewHeader({ organizationID }: { organizationID: string }) {
  const organizations = useQuery(q(organizationApi.list, {}))
  const name = organizations.data?.find((organization) => organization.metadata.id === organizationID)?.metadata.name
  return (
    <PageHeader
      title="Overview"
      icon={PAGE_ICONS.overview}
      description={`${name ?? 'Your organization'} at a glance: what you have, what is changing and what it costs.`}
    />
  )
}
