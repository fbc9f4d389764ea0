import { ResourceStatus } from '../StatusBadge'

/**
 * A provisioned resource's page heading, for DetailPage: its name as the title, its description, and its
 * provisioning and health as the badge (networks, file storage, security groups, projects).
 */
export const statusHeading = (metadata: {
  name: string
  description?: string
  provisioningStatus: string
  healthStatus?: string
}) => ({
  title: metadata.name,
  description: metadata.description,
  badge: <ResourceStatus provisioning={metadata.provisioningStatus} health={metadata.healthStatus} />,
})
