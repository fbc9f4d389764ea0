import { notifications } from '@mantine/notifications'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { clusterApi, type Cluster } from '../../../api/clusters'
import { m } from '../../../api/endpoint'
import { readOf, readQuery } from '../../../api/read'
import { ErrorAlert, alertOf } from '../../../components/ErrorAlert'
import { Button } from '../../../components/mantine/Button'
import { Group } from '../../../components/mantine/Group'
import { Modal } from '../../../components/mantine/Modal'
import { Radio } from '../../../components/mantine/Radio'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { PermittedAction } from '../../../components/PermittedAction'
import { useAccess } from '../../../lib/permissions'
import { resources } from '../../../lib/resources'
import { upgradedBody } from '../cluster-form'

/**
 * Moves the cluster to one of the releases the platform names as its upgrade targets (`eligibleTargets`): the
 * update sends the cluster back whole with the new release, read again as it is sent, so what someone else changed on
 * it meanwhile goes back as it is now. The platform refuses any other release (422).
 */
export function UpgradeCluster({ cluster, targets }: { cluster: Cluster; targets: readonly string[] }) {
  const [opened, setOpened] = useState(false)
  const [target, setTarget] = useState(targets[0]!)
  const client = useQueryClient()
  const name = cluster.metadata.name
  const update = useMutation({
    ...m(clusterApi.update),
    mutationFn: async ({ clusterID, body }: Parameters<typeof clusterApi.update.call>[0]) => {
      const now = await client.fetchQuery({ ...readQuery(readOf(clusterApi.detail, { clusterID })), staleTime: 0 })
      return clusterApi.update.call({ clusterID, body: upgradedBody(now, body.spec.platformReleaseId) })
    },
  })
  const refused =
    useAccess().reason(resources.clusters, 'update') ??
    (cluster.metadata.provisioningStatus === 'deprovisioning' ? 'The cluster is being deleted.' : undefined)
  const close = () => {
    update.reset()
    setOpened(false)
  }
  return (
    <>
      <PermittedAction size="xs" variant="light" onClick={() => setOpened(true)} disabledReason={refused}>
        Upgrade…
      </PermittedAction>
      <Modal
        opened={opened}
        onClose={close}
        title={`Upgrade ${name}`}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault()
            update.mutate(
              { clusterID: cluster.metadata.id, body: upgradedBody(cluster, target) },
              {
                onSuccess: () => {
                  notifications.show({ color: 'green', message: `Cluster ${name} is moving to release ${target}.` })
                  close()
                },
              },
            )
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              {name} runs release {cluster.spec.platformReleaseId}. The platform moves its control plane and workers to
              the release chosen; the page follows it.
            </Text>
            <Radio.Group label="Release" value={target} onChange={setTarget}>
              <Stack gap="xs" mt="xs">
                {targets.map((one) => (
                  <Radio key={one} value={one} label={one} />
                ))}
              </Stack>
            </Radio.Group>
            {update.error && <ErrorAlert {...alertOf(update.error, 'The platform refused to upgrade the cluster')} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={update.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={update.isPending} data-autofocus>
                Upgrade to {target}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  )
}
