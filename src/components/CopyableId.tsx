import { ActionIcon } from './mantine/ActionIcon'
import { UnstyledButton } from './mantine/UnstyledButton'
import { useClipboard } from '@mantine/hooks'
import type { CSSProperties } from 'react'
import { cellText } from './cell-text'
import classes from './cell-text.module.css'
import { CopyIcon } from './icons'

/**
 * An id in monospace with a copy button; long ids are truncated visually but copied whole. The button says what it
 * does in a native title and shows a tick once copied: lists render one per row, and a floating tooltip per row cost
 * a positioning engine each.
 */
export function CopyableId({ value, label = 'id' }: { value: string; label?: string }) {
  const clipboard = useClipboard({ timeout: 1500 })
  const color = clipboard.copied ? 'teal' : 'gray'
  return (
    // Plain elements with Mantine's classes for the line, the text and the button (a small subtle ActionIcon, as
    // cell-text.ts does for text): lists show one per row, and a CopyButton and ActionIcon each resolved their props,
    // theme and styles again for every row.
    <div className={classes.idLine}>
      <p className={cellText('xs', 'mono')} data-truncate="end" title={value}>
        {value}
      </p>
      <button
        type="button"
        className={`mantine-focus-auto mantine-active ${ActionIcon.classes.root} mantine-ActionIcon-root ${UnstyledButton.classes.root} mantine-UnstyledButton-root`}
        data-variant="subtle"
        data-size="sm"
        style={
          {
            '--ai-size': 'var(--ai-size-sm)',
            '--ai-bg': 'transparent',
            '--ai-hover': `var(--mantine-color-${color}-light-hover)`,
            '--ai-color': `var(--mantine-color-${color}-light-color)`,
            '--ai-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
          } as CSSProperties
        }
        onClick={() => clipboard.copy(value)}
        title={clipboard.copied ? 'Copied' : `Copy ${label}`}
        aria-label={`Copy ${label} ${value}`}
      >
        <span className={`${ActionIcon.classes.icon} mantine-ActionIcon-icon`}>
          <CopyIcon copied={clipboard.copied} />
        </span>
      </button>
    </div>
  )
}
