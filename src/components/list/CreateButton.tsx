import { Text } from '../mantine/Text'
import { pathsOf } from '../../lib/paths'
import { useAccess } from '../../lib/permissions'
import { createLabel, type Resource } from '../../lib/resources'
import { PermittedAction } from '../PermittedAction'

/**
 * A list page's create button (its header's and its empty state's), disabled with the reason where roles refuse;
 * `to` where the list's filters prefill the form. A list renders none for a resource without a create form.
 * `refused="reason"` (an empty state's next action) shows only the reason where roles refuse: a disabled button as
 * the one thing to do next would invite a click that cannot work.
 */
export function CreateButton({
  resource,
  to,
  refused = 'disabled',
}: {
  resource: Resource
  to?: string
  refused?: 'disabled' | 'reason'
}) {
  const access = useAccess()
  if (!resource.create) return null
  const reason = access.reason(resource, 'create')
  if (reason && refused === 'reason')
    return (
      <Text size="sm" c="dimmed" ta="center">
        {reason}
      </Text>
    )
  return (
    <PermittedAction to={to ?? pathsOf(resource).new()} disabledReason={reason}>
      {createLabel(resource)}
    </PermittedAction>
  )
}
