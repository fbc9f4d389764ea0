import { Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

export function EmptyState({
  title,
  description,
  action,
}: {
  title: string
  description: ReactNode
  action?: ReactNode
}) {
  return (
    <Paper withBorder radius="md" p="xl" style={{ borderStyle: 'dashed' }}>
      <Stack align="center" gap="xs" py="lg">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text c="dimmed" size="sm" ta="center" maw={480}>
          {description}
        </Text>
        {action && <div style={{ marginTop: 8 }}>{action}</div>}
      </Stack>
    </Paper>
  )
}
