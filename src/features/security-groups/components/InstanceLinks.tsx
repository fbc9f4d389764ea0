import { Anchor, List } from '@mantine/core'
import { Link } from 'react-router'
import type { Instance } from '../../../api/schemas/regional'
import { paths } from '../../../lib/paths'

/** Instances by name, each linked to its page; underlined in the text's own colour, since it sits inside alerts. */
export function InstanceLinks({ instances, label }: { instances: Instance[]; label: string }) {
  return (
    <List size="sm" spacing={2} aria-label={label}>
      {instances.map((instance) => (
        <List.Item key={instance.metadata.id}>
          <Anchor
            component={Link}
            to={paths.instances.item(instance.metadata.id)}
            size="sm"
            c="inherit"
            fw={600}
            underline="always"
          >
            {instance.metadata.name}
          </Anchor>
        </List.Item>
      ))}
    </List>
  )
}
