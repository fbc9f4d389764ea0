import { instanceApi } from '../../api/instances'
import { detailReads, readOf } from '../../api/read'
import { sshCertificateAuthorityApi } from '../../api/sshCertificateAuthorities'

/**
 * An SSH certificate authority's page: the CA, then its project's instances, of which the page names those that trust
 * it (the platform's instance list has no filter by CA).
 */
export const sshCertificateAuthorityReads = detailReads(
  sshCertificateAuthorityApi.detail,
  (id) => ({ sshCertificateAuthorityID: id }),
  (ca) => ({
    instances: readOf(instanceApi.list, {
      organizationID: [ca.metadata.organizationId],
      projectID: [ca.metadata.projectId],
    }),
  }),
)
