import { ActionIcon, CopyButton, Group, Text } from '@mantine/core'

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
            <svg
              width="14"
              height="14"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              {copied ? (
                <path d="M5 12l5 5L20 7" />
              ) : (
                <>
                  <rect x="9" y="9" width="12" height="12" rx="2" />
                  <path d="M5 15V5a2 2 0 0 1 2-2h10" />
                </>
              )}
            </svg>
          </ActionIcon>
        )}
      </CopyButton>
    </Group>
  )
}
