import { z } from 'zod/mini'
import type { Path } from 'react-hook-form'
import { sshCertificateAuthorityApi, type SshCertificateAuthorityCreate } from '../../api/sshCertificateAuthorities'
import { formWrite, metadataOf, pathsOf, type Wire } from '../../lib/form-wire'
import { parseOpenSshKey } from '../../lib/openssh-key'
import { metadataFields, placementFields } from '../../lib/validation'

// The form as the user fills it: a name, the project whose instances will trust the CA, and its public key pasted as
// one line. The platform has no update: a CA is replaced by adding another.

const publicKey = z.string().check(
  z.superRefine((value, ctx) => {
    const key = parseOpenSshKey(value)
    if (!key.ok) ctx.addIssue({ code: 'custom', message: key.reason })
  }),
)

const sshCertificateAuthorityCreateForm = z.object({
  ...metadataFields,
  organizationId: placementFields.organizationId,
  projectId: placementFields.projectId,
  publicKey,
})

type SshCertificateAuthorityValues = z.input<typeof sshCertificateAuthorityCreateForm>

function toCreateWire(
  values: SshCertificateAuthorityValues,
): Wire<SshCertificateAuthorityCreate, SshCertificateAuthorityValues> {
  const { metadata, fields, tagPaths } = metadataOf<SshCertificateAuthorityValues>(values)
  // Sent as OpenSSH writes it: a pasted line's stray spaces and line end are not the key's.
  const key = values.publicKey.trim().split(/\s+/).join(' ')
  return {
    body: { metadata, spec: { organizationId: values.organizationId, projectId: values.projectId, publicKey: key } },
    pathOf: pathsOf(
      {
        ...fields,
        'spec.organizationId': 'organizationId' as Path<SshCertificateAuthorityValues>,
        'spec.projectId': 'projectId' as Path<SshCertificateAuthorityValues>,
        'spec.publicKey': 'publicKey' as Path<SshCertificateAuthorityValues>,
      },
      [tagPaths],
    ),
  }
}

export const sshCertificateAuthorityCreate = formWrite({
  schema: sshCertificateAuthorityCreateForm,
  endpoint: sshCertificateAuthorityApi.create,
  wire: toCreateWire,
})
