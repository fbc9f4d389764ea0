import { Anchor, Stack, Text } from '@mantine/core'
import { Link } from 'react-router'
import { TagList } from './TagList'

interface NameCellProps {
  /** The resource's page. */
  to: string
  name: string
  /** A second line in small dimmed text; when empty, the first tags take that line. */
  description?: string
  tags?: { name: string; value: string }[]
}

/** A list's name column: the name linking to the resource's page, with a description or its first tags beneath. */
export function NameCell({ to, name, description, tags }: NameCellProps) {
  return (
    <Stack gap={0} miw={0}>
      <Anchor component={Link} to={to} fw={600} size="sm" truncate="end">
        {name}
      </Anchor>
      {description ? (
        <Text size="xs" c="dimmed" truncate="end">
          {description}
        </Text>
      ) : tags?.length ? (
        <TagList tags={tags} fit />
      ) : null}
    </Stack>
  )
}
