import { useAccess, type Governed } from '../../lib/permissions'
import { PermittedAction } from '../PermittedAction'

/** A list's create form: where it is, the button's words, and the resource whose create permission it needs. */
export interface CreateLink {
  to: string
  label: string
  governs: Governed
}

/** A list page's create form, whose button reads "Create <name>" unless `label` words it otherwise ("Add user"). */
export type ListCreateLink = Omit<CreateLink, 'label'> & { label?: string }

/** A list page's create button (its header's and its empty state's), disabled with the reason where roles refuse. */
export function CreateButton({ to, label, governs }: CreateLink) {
  const access = useAccess()
  return (
    <PermittedAction to={to} disabledReason={access.reason(governs, 'create')}>
      {label}
    </PermittedAction>
  )
}
