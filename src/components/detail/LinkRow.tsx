import { Anchor, Group, type MantineSpacing } from '@mantine/core'
import { Link } from 'react-router'

/** Links in one row, each to a list (a project's networks, a network's instances). */
export function LinkRow({ links, gap = 'lg' }: { links: { label: string; to: string }[]; gap?: MantineSpacing }) {
  return (
    <Group gap={gap}>
      {links.map(({ label, to }) => (
        <Anchor key={label} component={Link} to={to} size="sm">
          {label}
        </Anchor>
      ))}
    </Group>
  )
}
