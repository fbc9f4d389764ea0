import { ActionIcon, CopyButton } from '@mantine/core'
import { cellText } from './cell-text'
import classes from './cell-text.module.css'
import { CopyIcon } from './icons'

/**
 * An id in monospace with a copy button; long ids are truncated visually but copied whole. The button says what it
 * does in a native title and shows a tick once copied: lists render one per row, and a floating tooltip per row cost
 * a positioning engine each.
 */
export function CopyableId({ value, label = 'id' }: { value: string; label?: string }) {
  return (
    // Plain elements with Mantine's classes for the line and the text (cell-text.ts): lists show one per row.
    <div className={classes.idLine}>
      <p className={cellText('xs', 'mono')} data-truncate="end" title={value}>
        {value}
      </p>
      <CopyButton value={value} timeout={1500}>
        {({ copied, copy }) => (
          <ActionIcon
            size="sm"
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            title={copied ? 'Copied' : `Copy ${label}`}
            aria-label={`Copy ${label} ${value}`}
          >
            <CopyIcon copied={copied} />
          </ActionIcon>
        )}
      </CopyButton>
    </div>
  )
}
