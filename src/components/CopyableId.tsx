import { ActionIcon, CopyButton, Group, Text } from '@mantine/core'
import { CopyIcon } from './icons'

/**
 * An id in monospace with a copy button; long ids are truncated visually but copied whole. The button says what it
 * does in a native title and shows a tick once copied: lists render one per row, and a floating tooltip per row cost
 * a positioning engine each.
 */
export function CopyableId({ value, label = 'id' }: { value: string; label?: string }) {
  return (
    <Group gap={4} wrap="nowrap" miw={0}>
      <Text size="xs" ff="monospace" truncate="end" title={value} miw={0}>
        {value}
      </Text>
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
    </Group>
  )
}
