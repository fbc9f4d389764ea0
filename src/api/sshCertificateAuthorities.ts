// SSH certificate authorities ({base_url}/api/v2/sshcertificateauthorities, region v1.20.0): a project's OpenSSH user
// certificate authorities, whose public key the project's instances trust at first boot. The platform has no update:
// a CA is replaced by creating another.

import { z } from 'zod/mini'
import { projectTable } from './resource-table'
import type { RegionalListFilters } from './request'
import { lazySchema, projectScopedMetadataSchema, writeMetadata } from './schemas/common'

const sshCertificateAuthoritySchema = lazySchema(() =>
  z.looseObject({ metadata: projectScopedMetadataSchema, spec: z.looseObject({ publicKey: z.string() }) }),
)
export type SshCertificateAuthority = z.infer<typeof sshCertificateAuthoritySchema>

const createSchema = lazySchema(() =>
  z.object({
    metadata: writeMetadata(),
    spec: z.object({ organizationId: z.string(), projectId: z.string(), publicKey: z.string() }),
  }),
)
export type SshCertificateAuthorityCreate = z.input<typeof createSchema>

// Listed by organization, project and tag: a CA is in no region or network.
export const sshCertificateAuthorityApi = projectTable<
  'sshCertificateAuthorities',
  SshCertificateAuthority,
  SshCertificateAuthorityCreate,
  Pick<RegionalListFilters, 'organizationID' | 'projectID' | 'tag'>
>('sshCertificateAuthorities', { read: sshCertificateAuthoritySchema, create: createSchema })
