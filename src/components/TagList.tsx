import { Badge, Group, Text } from '@mantine/core'
import { formatTag } from '../lib/format'

export function TagList({ tags, max }: { tags: { name: string; value: string }[] | undefined; max?: number }) {
  if (!tags?.length) return <Text size="sm" c="dimmed">—</Text>
  const shown = max ? tags.slice(0, max) : tags
  return (
    <Group gap={4}>
      {shown.map((tag) => (
        <Badge key={`${tag.name}=${tag.value}`} variant="outline" color="gray" radius="sm" tt="none" fw={500}>
          {formatTag(tag)}
        </Badge>
      ))}
      {max && tags.length > max && <Text size="xs" c="dimmed">+{tags.length - max}</Text>}
    </Group>
  )
}
