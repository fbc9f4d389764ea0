import { Paper } from '../../../components/mantine/Paper'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { Title } from '../../../components/mantine/Title'
import type { Flavor, Image, Network } from '../../../api/schemas/regional'
import { describeGpu, describeImage } from '../../../lib/catalog-fit'
import { formatNumber } from '../../../lib/format'

interface InstanceSummaryProps {
  name: string
  flavor: Flavor | undefined
  image: Image | undefined
  imageId: string
  network: Network | undefined
  regionName: string | undefined
  securityGroupNames: string[]
  publicIP: boolean
}

/** What the form will create, in words, next to the exact request. */
export function InstanceSummary({
  name,
  flavor,
  image,
  imageId,
  network,
  regionName,
  securityGroupNames,
  publicIP,
}: InstanceSummaryProps) {
  const missing = (what: string) => (
    <Text span c="dimmed">
      {what} not chosen
    </Text>
  )
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="instance-summary">
      <Title id="instance-summary" order={2} size="h4" mb="xs">
        Summary
      </Title>
      <Stack gap={4}>
        <Text size="sm">
          <b>{name.trim() || 'An unnamed instance'}</b>
          {regionName ? ` in ${regionName}` : ''}
        </Text>
        <Text size="sm">
          Flavor:{' '}
          {flavor
            ? `${flavor.metadata.name}: ${flavor.spec.cpus} vCPUs, ${formatNumber(flavor.spec.memory)} GiB memory, ${formatNumber(flavor.spec.disk)} GB disk${flavor.spec.gpu ? `, ${describeGpu(flavor)}` : ''}`
            : missing('flavor')}
        </Text>
        <Text size="sm">
          Image:{' '}
          {image
            ? `${image.metadata.name}${describeImage(image) ? ` (${describeImage(image)})` : ''}`
            : imageId.trim() || missing('image')}
        </Text>
        <Text size="sm">
          Network: {network ? `${network.metadata.name} (${network.status.prefix})` : missing('network')}
        </Text>
        <Text size="sm">Security groups: {securityGroupNames.length ? securityGroupNames.join(', ') : 'none'}</Text>
        <Text size="sm">Public IPv4 address: {publicIP ? 'yes' : 'no, reachable only inside the network'}</Text>
      </Stack>
    </Paper>
  )
}
