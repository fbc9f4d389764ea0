import { Badge } from '../../../components/mantine/Badge'
import { Button } from '../../../components/mantine/Button'
import { Card } from '../../../components/mantine/Card'
import { Group } from '../../../components/mantine/Group'
import { SimpleGrid } from '../../../components/mantine/SimpleGrid'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { Title } from '../../../components/mantine/Title'
import { Link } from 'react-router'
import { BareMetalBadge } from '../../../components/BareMetalBadge'
import type { Flavor } from '../../../api/schemas/regional'
import { pinnedOnlyReason } from '../../../lib/catalog-fit'
import { formatGB, formatGiB, formatGpuMemory, formatGpus } from '../flavor-catalog'

function Spec({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </div>
  )
}

export function FlavorCard({ flavor, createHref }: { flavor: Flavor; createHref: string }) {
  const gpus = formatGpus(flavor)
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={`flavor-${flavor.metadata.id}`}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h4" id={`flavor-${flavor.metadata.id}`}>
            {flavor.metadata.name}
          </Title>
          <Group gap={4}>
            <Badge color={gpus ? 'grape' : 'gray'} variant="light">
              {gpus ? 'GPU' : 'CPU'}
            </Badge>
            <BareMetalBadge flavor={flavor} />
          </Group>
        </Group>
        {gpus && (
          <Text size="sm" fw={600}>
            {gpus}
          </Text>
        )}
        <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" m={0}>
          <Spec label="vCPUs" value={String(flavor.spec.cpus)} />
          <Spec label="Memory" value={formatGiB(flavor.spec.memory)} />
          <Spec label="Disk" value={formatGB(flavor.spec.disk)} />
          <Spec label="Architecture" value={flavor.spec.architecture ?? '—'} />
          {gpus && <Spec label="GPU memory" value={formatGpuMemory(flavor)!} />}
          <Spec label="CPU family" value={flavor.spec.cpuFamily ?? '—'} />
        </SimpleGrid>
        {pinnedOnlyReason(flavor) ? (
          <Text size="sm" c="dimmed" mt="auto">
            Pinned to named hosts, for reservations. {pinnedOnlyReason(flavor)}
          </Text>
        ) : (
          <Button
            component={Link}
            to={createHref}
            variant="light"
            mt="auto"
            aria-label={`Create an instance with this flavor: ${flavor.metadata.name}`}
          >
            Create an instance with this flavor
          </Button>
        )}
      </Stack>
    </Card>
  )
}
