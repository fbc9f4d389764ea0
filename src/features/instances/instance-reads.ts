import { flavorApi, imageApi } from '../../api/catalogs'
import { quotaApi } from '../../api/quotas'
import { instanceApi } from '../../api/instances'
import { sshCertificateAuthorityApi } from '../../api/sshCertificateAuthorities'
import { securityGroupApi } from '../../api/securityGroups'
import { networkApi, placedNetworksRead } from '../../api/networks'
import { detailReads, readOf } from '../../api/read'
import type { Instance } from '../../api/schemas/regional'
import { nameRead } from '../../lib/name-reads'

/** What both of an instance's pages show beside it: its network, its region's flavors and images, group names. */
function beside(instance: Instance) {
  const inRegion = { organizationID: instance.metadata.organizationId, regionID: instance.status.regionId }
  return {
    network: readOf(networkApi.detail, { networkID: instance.status.networkId }),
    flavors: readOf(flavorApi.list, inRegion),
    images: readOf(imageApi.list, inRegion),
    groupNames: nameRead('securityGroups', instance.metadata.organizationId),
  }
}

/**
 * An instance's pages: the instance, then what both show beside it; the edit form also the security groups of its
 * network, to choose from (src/api/read.ts says why here).
 */
export const instanceReads = detailReads(
  instanceApi.detail,
  (id) => ({ instanceID: id }),
  (instance) => beside(instance),
  (instance) => ({
    ...beside(instance),
    networkGroups: readOf(securityGroupApi.list, {
      organizationID: [instance.metadata.organizationId],
      networkID: [instance.status.networkId],
    }),
  }),
)

/**
 * What the create form asks as it opens, from the values it opens with (`createDefaults`: the working scope and a
 * link's preselection), each once what it is of is chosen: the names of the organization's security groups and its
 * quotas (what is left of its servers and GPUs), the region's flavors and images, the networks of the project in the region, and the chosen network's security groups;
 * opened from an image, also the project's instances, whose names the name it proposes must differ from.
 * The form builds its queries from these as its values change; the console server asks those asked with its HTML.
 */
export function instanceCreateReads(values: {
  organizationId: string
  projectId: string
  regionId: string
  networkId: string
  imageId: string
}) {
  const { organizationId: organizationID, projectId, regionId, networkId, imageId } = values
  const inRegion = { organizationID, regionID: regionId }
  return {
    groupNames: { read: nameRead('securityGroups', organizationID), asked: Boolean(organizationID) },
    quotas: { read: readOf(quotaApi.list, { organizationID }), asked: Boolean(organizationID) },
    flavors: { read: readOf(flavorApi.list, inRegion), asked: Boolean(organizationID && regionId) },
    images: { read: readOf(imageApi.list, inRegion), asked: Boolean(organizationID && regionId) },
    networks: {
      read: placedNetworksRead({ organizationID, projectId, regionId }),
      asked: Boolean(organizationID && projectId && regionId),
    },
    networkGroups: {
      read: readOf(securityGroupApi.list, { organizationID: [organizationID], networkID: [networkId] }),
      asked: Boolean(organizationID && networkId),
    },
    // The project's SSH certificate authorities, one of which the instance may trust.
    certificateAuthorities: {
      read: readOf(sshCertificateAuthorityApi.list, { organizationID: [organizationID], projectID: [projectId] }),
      asked: Boolean(organizationID && projectId),
    },
    projectInstances: {
      read: readOf(instanceApi.list, { organizationID: [organizationID], projectID: [projectId] }),
      asked: Boolean(organizationID && projectId && imageId),
    },
  }
}
