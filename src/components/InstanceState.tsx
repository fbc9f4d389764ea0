import type { Instance } from '../api/schemas/regional'
import { StatusBadge } from './StatusBadge'

/**
 * One badge for where an instance stands: a failed or deleting instance says so, since its power state no longer
 * means much; otherwise the power state, with a spinner while it is moving.
 */
export function InstanceState({ instance }: { instance: Instance }) {
  const provisioning = instance.metadata.provisioningStatus
  if (provisioning === 'error' || provisioning === 'deprovisioning')
    return <StatusBadge value={provisioning} label="Provisioning" />
  return <StatusBadge value={instance.status.powerState} label="Power state" />
}
