import { useQuery } from '@tanstack/react-query'
import { q } from '../../../api/endpoint'
import { oauth2ProviderApi } from '../../../api/oauth2Providers'
import { useStoredScope } from '../../../lib/scope'

/** The provider's name in the breadcrumb, from the detail its page's loader picked out of the list. */
export function ProviderCrumb({ providerId }: { providerId: string }) {
  const organizationID = useStoredScope().organizationId ?? ''
  const { data } = useQuery({
    ...q(oauth2ProviderApi.detail, { organizationID, providerID: providerId }),
    enabled: Boolean(organizationID),
  })
  return <>{data?.metadata.name ?? providerId}</>
}
