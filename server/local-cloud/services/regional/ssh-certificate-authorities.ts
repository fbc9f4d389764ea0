import * as z from 'zod'
import type { Handler } from '../../platform/context.ts'
import { CloudError } from '../../platform/errors.ts'
import { readMetadata } from '../../platform/lifecycle.ts'
import { newRegional, regionalResource } from '../../platform/regional-resource.ts'
import { projectScope } from '../../platform/scope.ts'
import type { ResourceMeta } from '../../platform/store/records.ts'
import { registerTable } from '../../platform/store/tables.ts'
import { envelope } from '../../platform/validate.ts'
import { parseOpenSshKey } from '../../../../src/lib/openssh-key.ts'

/** A project's OpenSSH user certificate authority (region v1.20.0): in no region, and never updated. */
export interface SshCertificateAuthorityRecord {
  meta: ResourceMeta
  organizationId: string
  projectId: string
  publicKey: string
}

declare module '../../platform/store/tables.ts' {
  interface Tables {
    sshCertificateAuthorities: SshCertificateAuthorityRecord
  }
}
registerTable('sshCertificateAuthorities', { projectId: (ca) => [ca.projectId] })

function view(ca: SshCertificateAuthorityRecord, now: number) {
  return {
    metadata: {
      ...readMetadata(ca.meta, now, { createdBy: true }),
      organizationId: ca.organizationId,
      projectId: ca.projectId,
    },
    spec: { publicKey: ca.publicKey },
  }
}

const createBody = envelope(z.object({ organizationId: z.string(), projectId: z.string(), publicKey: z.string() }))

const create: Handler = async (ctx) => {
  const { metadata, spec } = await ctx.body(createBody)
  const scope = projectScope(ctx, spec)
  // The document answers 422 for a body that parses but is no CA key; its messages name the field, never the value.
  if (!parseOpenSshKey(spec.publicKey).ok)
    throw new CloudError('unprocessable_content', '/spec/publicKey: not a single-line OpenSSH public key')
  const ca: SshCertificateAuthorityRecord = {
    ...newRegional(ctx, metadata, scope),
    publicKey: spec.publicKey.trim(),
  }
  ctx.store.sshCertificateAuthorities.set(ca)
  return { status: 201, body: view(ca, ctx.now) }
}

/** SSH certificate authorities, on the regional API: list, create, read and delete; the platform has no update. */
export const sshCertificateAuthorityRoutes = regionalResource('sshCertificateAuthorities', view).routes({ create })
