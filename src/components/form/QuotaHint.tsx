import { useQuery, type QueryClient } from '@tanstack/react-query'
import { Text } from '../mantine/Text'
import { q } from '../../api/endpoint'
import { quotaApi } from '../../api/quotas'
import { quotaFit, type QuotaFit, type QuotaUse } from '../../lib/quota-fit'
import type { Scope } from '../../lib/scope'

/**
 * What is left of the organization's quotas a create uses, or that it would pass one (`quotaFit`), as the identity
 * service reports them; undefined until they are read, and where the platform reports none of them.
 */
export function useQuotaFit(organizationID: string, uses: readonly QuotaUse[]): QuotaFit | undefined {
  const quotas = useQuery({ ...q(quotaApi.list, { organizationID }), enabled: Boolean(organizationID) })
  return quotas.data && quotaFit(quotas.data, uses)
}

/** A create form's loader starts the read, so the line is there with the fields rather than pushing them down. */
export function prefetchQuotas(queryClient: QueryClient, { organizationId }: Scope): void {
  if (organizationId) void queryClient.prefetchQuery(q(quotaApi.list, { organizationID: organizationId }))
}

/**
 * The quota line a create form shows at the field that decides the use (a file storage's size, an instance's flavor),
 * or above its submit button where no field does (a network). A warning, not a block: the submit stays, and the
 * platform's refusal lands at the same place. Announced politely when it changes, so a choice that no longer fits is
 * heard as it is made.
 */
export function QuotaHint({ fit, size = 'xs' }: { fit: QuotaFit | undefined; size?: 'xs' | 'sm' }) {
  return (
    <Text
      component="span"
      display="block"
      size={size}
      c={fit?.over ? 'var(--mantine-color-error)' : 'dimmed'}
      aria-live="polite"
    >
      {fit?.says}
    </Text>
  )
}
