import { StatusBadge } from '../StatusBadge'

/**
 * A provisioned resource's state in its property list, as badges in the words and colours of the lists and the
 * heading: "Provisioned", "Healthy", not the platform's lowercase values beside them.
 */
export function stateItems(metadata: { provisioningStatus: string; healthStatus?: string }) {
  return [
    { label: 'Provisioning', value: <StatusBadge value={metadata.provisioningStatus} /> },
    { label: 'Health', value: <StatusBadge value={metadata.healthStatus} /> },
  ]
}
