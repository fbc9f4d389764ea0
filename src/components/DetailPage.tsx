import { Paper } from './mantine/Paper'
import { Stack } from './mantine/Stack'
import type { ComponentProps, ReactNode } from 'react'
import { DetailList } from './DetailList'
import { PageHeader } from './PageHeader'
import headerClasses from './PageHeader.module.css'
import { PermittedAction } from './PermittedAction'
import { useAccess } from '../lib/permissions'
import type { Resource } from '../lib/resources'

interface DetailPageProps {
  title: ReactNode
  /** The resource's description; an empty one shows none. */
  description: string | undefined
  badge?: ReactNode
  /** Header actions before Edit (a project's "Work in this project"). */
  lead?: ReactNode
  /** The page the caller's roles govern: Edit asks for its update permission itself. */
  governs?: Resource
  /** The edit form, and a reason of the resource's own to refuse it (the permission is asked through `governs`). */
  edit?: { to: string; disabledReason?: string }
  /** Header actions after Edit: Delete and the resource's own. */
  actions?: ReactNode
  /** Above the details: alerts about the resource or the last action. */
  notices?: ReactNode
  details: ComponentProps<typeof DetailList>['items']
  /** The page's own sections below the details. */
  children?: ReactNode
  /** Confirmation dialogs (portals: outside the page's flow). */
  dialogs?: ReactNode
}

/** A resource's page: header with its actions, the description list of its facts, then its own sections. */
export function DetailPage(props: DetailPageProps) {
  const { edit, governs } = props
  const access = useAccess()
  const editRefused = (governs && access.reason(governs, 'update')) ?? edit?.disabledReason
  const hasActions = Boolean(props.lead || edit || props.actions)
  return (
    <>
      <PageHeader
        title={props.title}
        icon={governs?.icon}
        description={props.description || undefined}
        badge={props.badge}
        actions={
          hasActions ? (
            <>
              {props.lead}
              <div className={headerClasses.together}>
                {edit && (
                  <PermittedAction to={edit.to} variant="default" disabledReason={editRefused}>
                    Edit
                  </PermittedAction>
                )}
                {props.actions}
              </div>
            </>
          ) : undefined
        }
      />
      <Stack gap="lg">
        {props.notices}
        <Paper withBorder p="lg" radius="md">
          <DetailList items={props.details} />
        </Paper>
        {props.children}
      </Stack>
      {props.dialogs}
    </>
  )
}
