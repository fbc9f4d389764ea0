import { SimpleGrid } from './mantine/SimpleGrid'
import { Stack } from './mantine/Stack'
import { Text } from './mantine/Text'
import type { ReactNode } from 'react'

/** Label/value pairs of a detail page, as a description list so screen readers read them in pairs. */
export function DetailList({ items, cols = 3 }: { items: { label: string; value: ReactNode }[]; cols?: number }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: cols }} spacing="lg" verticalSpacing="md" m={0}>
      {items.map((item) => (
        <Stack key={item.label} gap={2} miw={0}>
          <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
            {item.label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ wordBreak: 'break-word' }}>
            {item.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  )
}
