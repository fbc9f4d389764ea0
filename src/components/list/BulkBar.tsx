import { Button } from '../mantine/Button'
import { Paper } from '../mantine/Paper'
import { Text } from '../mantine/Text'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { formatNumber } from '../../lib/format'
import { useAccess } from '../../lib/permissions'
import { plural, type Resource } from '../../lib/resources'
import { useFromBreakpoint } from '../../lib/use-breakpoint'
import { PermittedAction } from '../PermittedAction'
import type { Listed, RowDelete } from './row-delete'
import classes from './BulkBar.module.css'

// The dialog, with Mantine's Modal and what uses each row, loads on the first click of Delete.
const BulkDeleteDialog = lazy(() => import('../BulkDeleteDialog'))

export interface BulkBarProps<T extends Listed> {
  resource: Resource
  selected: T[]
  onClear: () => void
  organizationID: string
  /** The list's delete, when the platform offers one. */
  remove?: RowDelete<T>
  /** What the page does besides deleting, in the user's words for the hint ("start, stop or delete"). */
  verbs?: string
  /** The page's own actions on the selection (an instance list's Start and Stop), before Delete. */
  actions?: ReactNode
}

/** The toolbar above a list's rows: how many are ticked, what can be done with them, and the way to untick them. */
export function BulkBar<T extends Listed>({
  resource,
  selected,
  onClear,
  organizationID,
  remove,
  verbs = 'delete',
  actions,
}: BulkBarProps<T>) {
  // The rows asked about, and which asking this is: each opening is a new dialog, its results empty.
  const [asked, setAsked] = useState<{ targets: T[]; round: number }>()
  // Kept mounted once opened, so it closes with its transition and keeps its results while it does.
  const [opened, setOpened] = useState(false)
  const refused = useAccess().reason(resource, 'delete')
  const none = selected.length === 0
  // On a phone the bar takes room from the rows: it shows once something is ticked (the dialog stays while it runs).
  const wide = useFromBreakpoint('sm')
  return (
    <>
      {(wide || !none) && (
        <Paper withBorder p="xs" mb="xs" role="toolbar" aria-label="Bulk actions" className={classes.bar}>
          <Text size="sm" fw={500} c={none ? 'dimmed' : undefined} aria-live="polite">
            {none ? `Tick ${plural(resource)} to ${verbs} them together` : `${formatNumber(selected.length)} selected`}
          </Text>
          <div className={classes.actions}>
            {actions}
            {remove && (
              <PermittedAction
                size="xs"
                variant="light"
                color="red"
                disabled={none}
                disabledReason={refused}
                onClick={() => {
                  setAsked((last) => ({ targets: selected, round: (last?.round ?? 0) + 1 }))
                  setOpened(true)
                }}
              >
                Delete
              </PermittedAction>
            )}
            <Button size="xs" variant="subtle" onClick={onClear} disabled={none}>
              Clear selection
            </Button>
          </div>
        </Paper>
      )}
      {remove && asked && (
        <Suspense fallback={null}>
          <BulkDeleteDialog
            key={asked.round}
            resource={resource}
            remove={remove as RowDelete<Listed>}
            targets={asked.targets}
            organizationID={organizationID}
            opened={opened}
            onClose={() => setOpened(false)}
            onDone={onClear}
          />
        </Suspense>
      )}
    </>
  )
}
