import { beforeAll, describe, expect, it } from 'vitest'
import { fieldOfError } from '../api/business-rules'
import { isApiError, type ApiError } from '../api/errors'
import { fileStorageApi } from '../api/fileStorage'
import { networkApi } from '../api/networks'
import { securityGroupApi } from '../api/securityGroups'
import * as fileStorageForm from '../features/file-storage/file-storage-form'
import * as networkForm from '../features/networks/network-form'
import { newRuleRow, toCreateWire as securityGroupWire } from '../features/security-groups/security-group-form'
import type { PathOf } from '../lib/form-wire'
import { consoleForFile } from './console-harness'

// Each row editor drops blank rows before sending, so the platform's row N is not the form's. Here the platform itself
// (the local cloud behind the console's proxy) refuses one sent row of each editor, and the form's own wire mapping
// must name the row the user typed it in. The values are what a form would hold; the browser's checks are skipped on
// purpose, since a real platform may refuse what the console let through.

const harness = consoleForFile()
let scope: { organizationId: string; projectId: string; regionId: string }
let trainingFabric: string
beforeAll(async () => {
  trainingFabric = await harness.idOf('/api/region/api/v2/networks', 'training-fabric')
  const { metadata, status } = await harness.platform<{
    metadata: { organizationId: string; projectId: string }
    status: { regionId: string }
  }>(`/api/region/api/v2/networks/${trainingFabric}`)
  scope = { organizationId: metadata.organizationId, projectId: metadata.projectId, regionId: status.regionId }
})

/** The platform's refusal of a write, and the form field the wire mapping puts it at. */
async function refusal<V extends object>(send: Promise<unknown>, pathOf: PathOf<V & Record<string, unknown>>) {
  const error = await send.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!isApiError(error)) throw new Error(`the platform accepted the write: ${String(error)}`)
  // As a form places it: the field the answer names, else the one its business-rule sentence is about.
  const placed = fieldOfError(error)
  return { field: placed && pathOf(placed.path), error: error as ApiError }
}

const blankTag = { name: '', value: '' }

function network(values: Partial<networkForm.NetworkCreateValues>): networkForm.NetworkCreateValues {
  return {
    name: `rows-${Math.random().toString(36).slice(2, 8)}`,
    description: '',
    tags: [],
    ...scope,
    prefix: '10.77.0.0/16',
    reserve: '',
    providerReserve: '',
    dnsNameservers: [],
    routes: [],
    ...values,
  }
}

describe('a platform error on a sent row lands on the row the user sees, after blank rows', () => {
  it('DNS servers: the second address sent is the fourth row', async () => {
    const wire = networkForm.toCreateWire(
      network({ dnsNameservers: [{ address: '' }, { address: '1.1.1.1' }, { address: ' ' }, { address: '1.1.1' }] }),
    )
    const { field, error } = await refusal(networkApi.create.call({ body: wire.body }), wire.pathOf)
    expect(error.fieldPath).toEqual(['spec', 'dnsNameservers', 1])
    expect(field).toBe('dnsNameservers.3.address')
  })

  it('routes: the second route sent is the fourth row', async () => {
    const blank = { prefix: '', nexthop: '' }
    const wire = networkForm.toCreateWire(
      network({
        routes: [
          blank,
          { prefix: '192.168.0.0/24', nexthop: '10.77.0.1' },
          blank,
          { prefix: '192.168.1.0/24', nexthop: '10.77.0' },
        ],
      }),
    )
    const { field, error } = await refusal(networkApi.create.call({ body: wire.body }), wire.pathOf)
    expect(error.fieldPath).toEqual(['spec', 'routes', 1, 'nexthop'])
    expect(field).toBe('routes.3.nexthop')
  })

  it('tags: the second tag sent is the fourth row, at the column the platform names', async () => {
    const wire = networkForm.toCreateWire(
      network({ tags: [blankTag, { name: 'team', value: 'ml' }, blankTag, { name: 'note', value: 'x'.repeat(300) }] }),
    )
    const { field, error } = await refusal(networkApi.create.call({ body: wire.body }), wire.pathOf)
    expect(error.fieldPath).toEqual(['metadata', 'tags', 1, 'value'])
    expect(field).toBe('tags.3.value')
  })

  it('security group rules: every rule row is sent, so the platform’s third rule is the third row', async () => {
    const rule = { ...newRuleRow(), ports: '22', cidr: '10.0.0.0/8' }
    const wire = securityGroupWire({
      name: `rows-${Math.random().toString(36).slice(2, 8)}`,
      description: '',
      tags: [blankTag],
      networkId: trainingFabric,
      rules: [rule, { ...rule, ports: '443' }, { ...rule, cidr: '10.0.0/8' }],
    })
    const { field, error } = await refusal(securityGroupApi.create.call({ body: wire.body }), wire.pathOf)
    expect(error.fieldPath?.slice(0, 3)).toEqual(['spec', 'rules', 2])
    expect(field).toBe('rules.2.cidr')
  })

  it('file storage attachments: a refused network of the list lands on the attachments field', async () => {
    const [storage] = await harness.platform<{ metadata: { id: string } }[]>('/api/region/api/v2/filestorage')
    const current = await fileStorageApi.detail.call({ filestorageID: storage!.metadata.id })
    const values = fileStorageForm.updateDefaults(current)
    const wire = fileStorageForm.toUpdateWire({ ...values, networkIds: [...values.networkIds, 'no-such-network'] })
    const { field } = await refusal(
      fileStorageApi.update.call({ filestorageID: storage!.metadata.id, body: wire.body }),
      wire.pathOf,
    )
    expect(field).toBe('networkIds')
  })
})
