import { useAccess } from '../../lib/permissions'
import { createLabel, type Resource } from '../../lib/resources'
import { PermittedAction } from '../PermittedAction'

/**
 * A list page's create button (its header's and its empty state's), disabled with the reason where roles refuse;
 * `to` where the list's filters prefill the form. A list renders none for a resource without a create form.
 */
export function CreateButton({ resource, to }: { resource: Resource; to?: string }) {
  const access = useAccess()
  if (!resource.create) return null
  return (
    <PermittedAction to={to ?? resource.create.to()} disabledReason={access.reason(resource, 'create')}>
      {createLabel(resource)}
    </PermittedAction>
  )
}
