import { Badge, Group, Text } from '@mantine/core'
import { formatTag } from '../lib/format'

export function TagList({
  tags,
  max,
  nowrap = false,
}: {
  tags: { name: string; value: string }[] | undefined
  max?: number
  nowrap?: boolean
}) {
  if (!tags?.length)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    )
  const shown = max ? tags.slice(0, max) : tags
  return (
    <Group gap={4} wrap={nowrap ? 'nowrap' : 'wrap'} style={nowrap ? { overflow: 'hidden' } : undefined}>
      {shown.map((tag) => (
        <Badge key={`${tag.name}=${tag.value}`} variant="outline" color="gray" radius="sm" tt="none" fw={500}>
          {formatTag(tag)}
        </Badge>
      ))}
      {max && tags.length > max && (
        <Text size="xs" c="dimmed">
          +{tags.length - max}
        </Text>
      )}
    </Group>
  )
}
