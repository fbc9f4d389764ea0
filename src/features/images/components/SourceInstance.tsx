import { Anchor } from '../../../components/mantine/Anchor'
import { Text } from '../../../components/mantine/Text'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { q } from '../../../api/endpoint'
import { isApiError } from '../../../api/errors'
import { instanceApi } from '../../../api/instances'
import { paths } from '../../../lib/paths'

/** The instance a snapshot was taken of: its name and a link while it exists, its id once it is gone. */
export function SourceInstance({ instanceId }: { instanceId: string }) {
  const instance = useQuery({ ...q(instanceApi.detail, { instanceID: instanceId }), retry: false })
  if (instance.data)
    return (
      <Anchor component={Link} to={paths.instances.item(instanceId)} size="sm" ff="monospace">
        {instance.data.metadata.name}
      </Anchor>
    )
  if (isApiError(instance.error) && instance.error.status === 404)
    return (
      <Text size="sm" span>
        an instance since deleted ({instanceId})
      </Text>
    )
  return (
    <Text size="sm" span ff="monospace">
      {instanceId}
    </Text>
  )
}
