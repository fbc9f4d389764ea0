import { describe, expect, it } from 'vitest'
import type { FileStorage } from '../../api/schemas/regional'
import {
  fileStorageCreateForm,
  fileStorageUpdateForm,
  GiB,
  minimumSizeGiB,
  toCreateWire,
  toUpdateWire,
  updateDefaults,
  usageShare,
  type FileStorageCreateValues,
  type FileStorageUpdateValues,
} from './file-storage-form'
import { groupNumbersAs } from '../../lib/number-grouping'
import { at, issuesOf, placedValues, storedMetadata } from '../../test/form-fixtures'
import { german } from '../../test/number-grouping'

const create: FileStorageCreateValues = {
  ...placedValues('datasets', { name: 'team', value: 'research' }),
  description: ' corpora ',
  storageClassId: 'standard',
  sizeGiB: 100,
  rootSquash: true,
  networkIds: [],
}

describe('file storage create form', () => {
  it('maps to the spec body with the storage type in the spec spelling', () => {
    expect(issuesOf(fileStorageCreateForm, create)).toEqual([])
    expect(toCreateWire(create).body).toEqual({
      metadata: { name: 'datasets', description: 'corpora', tags: [{ name: 'team', value: 'research' }] },
      spec: {
        organizationId: 'acme',
        projectId: 'ml',
        regionId: 'eu-west-1',
        storageClassId: 'standard',
        sizeGiB: 100,
        storageType: { nfs: { rootsquash: true } },
      },
    })
  })
  it('attaches the chosen networks at create, each once, and sends no attachments when none is chosen', () => {
    expect(toCreateWire({ ...create, networkIds: ['net-a', 'net-b', 'net-a'] }).body.spec.attachments).toEqual({
      networkIds: ['net-a', 'net-b'],
    })
    expect(toCreateWire(create).pathOf(at('spec.attachments.networkIds.0'))).toBe('networkIds')
  })
  it('takes whole GiB from 1 up', () => {
    expect(issuesOf(fileStorageCreateForm, { ...create, sizeGiB: 0 })).toEqual(['sizeGiB: The size is at least 1 GiB.'])
    expect(issuesOf(fileStorageCreateForm, { ...create, sizeGiB: 1.5 })).toEqual([
      'sizeGiB: The size is a whole number of GiB.',
    ])
    expect(issuesOf(fileStorageCreateForm, { ...create, sizeGiB: undefined })).toEqual([
      'sizeGiB: Enter a size in GiB.',
    ])
    expect(issuesOf(fileStorageCreateForm, { ...create, sizeGiB: 1 })).toEqual([])
  })

  it("says the largest size in the reader's language, known only after the form's code was loaded", () => {
    const tooLarge = { ...create, sizeGiB: 2 ** 20 + 1 }
    expect(issuesOf(fileStorageCreateForm, tooLarge)).toEqual(['sizeGiB: The size is at most 1,048,576 GiB (1 PiB).'])
    groupNumbersAs(german)
    try {
      expect(issuesOf(fileStorageCreateForm, tooLarge)).toEqual(['sizeGiB: The size is at most 1.048.576 GiB (1 PiB).'])
    } finally {
      groupNumbersAs(null)
    }
  })
  it('needs a storage class, typed or picked', () => {
    expect(issuesOf(fileStorageCreateForm, { ...create, storageClassId: '  ' })).toEqual([
      'storageClassId: Choose a storage class.',
    ])
  })
})

const stored: FileStorage = {
  metadata: storedMetadata('fs-1', 'datasets', {
    organizationId: 'acme',
    projectId: 'ml',
    tags: [{ name: 'team', value: 'research' }],
  }),
  spec: { sizeGiB: 100, storageType: { nfs: { rootsquash: false } }, attachments: { networkIds: ['net-a'] } },
  status: {
    regionId: 'eu-west-1',
    storageClassId: 'standard',
    usage: { capacityBytes: 100 * GiB, usedBytes: 12 * GiB + 1 },
    attachments: [{ networkId: 'net-a', provisioningStatus: 'provisioned' }],
  },
}

describe('file storage update form', () => {
  it('starts from the stored storage and keeps its attachments in the body', () => {
    const values = updateDefaults(stored)
    expect(values).toMatchObject({ sizeGiB: 100, rootSquash: false, networkIds: ['net-a'], usedBytes: 12 * GiB + 1 })
    expect(toUpdateWire({ ...values, networkIds: ['net-a', 'net-b', 'net-a'] }).body).toEqual({
      metadata: { name: 'datasets', tags: [{ name: 'team', value: 'research' }] },
      spec: {
        sizeGiB: 100,
        storageType: { nfs: { rootsquash: false } },
        attachments: { networkIds: ['net-a', 'net-b'] },
      },
    })
  })
  it('sends an empty attachment list when every network is detached, so the platform detaches them', () => {
    expect(toUpdateWire({ ...updateDefaults(stored), networkIds: [] }).body.spec.attachments).toEqual({
      networkIds: [],
    })
  })
  it('refuses a size below the data stored and says why', () => {
    const values: FileStorageUpdateValues = { ...updateDefaults(stored), sizeGiB: 12 }
    expect(issuesOf(fileStorageUpdateForm, values)).toEqual([
      'sizeGiB: At least 13 GiB: the file system holds 13 GiB of data, and shrinking below it would destroy files.',
    ])
    expect(issuesOf(fileStorageUpdateForm, { ...values, sizeGiB: 13 })).toEqual([])
    const large: FileStorageUpdateValues = { ...values, usedBytes: 4_500 * GiB, sizeGiB: 4_000 }
    expect(issuesOf(fileStorageUpdateForm, large)).toEqual([
      'sizeGiB: At least 4,500 GiB: the file system holds 4,500 GiB of data, and shrinking below it would destroy files.',
    ])
  })
})

describe('minimumSizeGiB and usageShare', () => {
  it('rounds the used bytes up to whole GiB, never below 1', () => {
    expect(minimumSizeGiB(0)).toBe(1)
    expect(minimumSizeGiB(undefined)).toBe(1)
    expect(minimumSizeGiB(GiB)).toBe(1)
    expect(minimumSizeGiB(GiB + 1)).toBe(2)
  })
  it('is the used share of capacity, or unknown without a usage figure', () => {
    expect(usageShare({ capacityBytes: 4 * GiB, usedBytes: GiB })).toBe(0.25)
    expect(usageShare({ capacityBytes: 4 * GiB })).toBeUndefined()
    expect(usageShare(undefined)).toBeUndefined()
    expect(usageShare({ capacityBytes: 0, usedBytes: 0 })).toBeUndefined()
  })
})

describe('pathOf', () => {
  it('maps platform field paths to form fields', () => {
    expect(toCreateWire(create).pathOf(at('spec.sizeGiB'))).toBe('sizeGiB')
    expect(toUpdateWire(updateDefaults(stored)).pathOf(at('spec.attachments.networkIds.1'))).toBe('networkIds')
    expect(toCreateWire(create).pathOf(at('spec.storageType.NFS.rootSquash'))).toBe('rootSquash')
    expect(toCreateWire(create).pathOf(at('spec.storageClassId'))).toBe('storageClassId')
    expect(toCreateWire(create).pathOf(at('metadata.tags.0.name'))).toBe('tags.0.name')
    expect(toCreateWire(create).pathOf(at('spec.unknown'))).toBeUndefined()
  })

  it('an attachment error lands on the attachments field, whatever network it names', () => {
    const { pathOf, body } = toUpdateWire({ ...updateDefaults(stored), networkIds: ['net-a', 'net-b', 'net-a'] })
    expect(body.spec.attachments?.networkIds).toEqual(['net-a', 'net-b'])
    expect(pathOf(at('spec.attachments.networkIds.1'))).toBe('networkIds')
    // The plain sentence names no row: the field still owns it.
    expect(pathOf(at('spec.attachments.networkIds'))).toBe('networkIds')
  })
})
