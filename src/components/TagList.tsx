import { Group } from './mantine/Group'
import { Text } from './mantine/Text'
import { formatTag } from '../lib/format'
import { FittedChips } from './FittedChips'
import { PlainBadge } from './PlainBadge'

/**
 * A resource's tags as chips. `fit` keeps them to one line, as lists need: whole chips while they fit, then "+N"
 * (the rest in its title); otherwise every tag shows, wrapping.
 */
export function TagList({ tags, fit = false }: { tags: { name: string; value: string }[] | undefined; fit?: boolean }) {
  if (!tags?.length)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    )
  const chip = (text: string) => (
    <PlainBadge variant="outline" color="gray" medium>
      {text}
    </PlainBadge>
  )
  if (fit)
    return (
      <FittedChips
        chips={tags.map((tag) => {
          const text = formatTag(tag)
          return { key: text, text, node: chip(text) }
        })}
      />
    )
  return (
    <Group gap={4} wrap="wrap">
      {tags.map((tag) => (
        <span key={formatTag(tag)}>{chip(formatTag(tag))}</span>
      ))}
    </Group>
  )
}
