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
  defaultSnapshotProtection: true,
  snapshotPolicies: [],
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
        defaultSnapshotProtectionEnabled: true,
      },
    })
  })
  it('sends the snapshot policies as the platform spells them, protection as chosen', () => {
    const spec = toCreateWire({
      ...create,
      defaultSnapshotProtection: false,
      snapshotPolicies: [
        { name: 'nightly', schedule: 'daily 02:00', keep: '7' },
        { name: 'weekly', schedule: 'Weekly Sunday 03:30', keep: ' 4 ' },
        { name: 'monthly', schedule: 'monthly 1', keep: '12' },
        { name: 'often', schedule: 'hourly', keep: '24' },
      ],
    }).body.spec
    expect(spec.defaultSnapshotProtectionEnabled).toBe(false)
    expect(spec.snapshotPolicies).toEqual([
      { name: 'nightly', schedule: { interval: 'daily', timeOfDay: '02:00Z' }, retention: { keep: 7 } },
      {
        name: 'weekly',
        schedule: { interval: 'weekly', dayOfWeek: 'sunday', timeOfDay: '03:30Z' },
        retention: { keep: 4 },
      },
      { name: 'monthly', schedule: { interval: 'monthly', dayOfMonth: 1 }, retention: { keep: 12 } },
      { name: 'often', schedule: { interval: 'hourly' }, retention: { keep: 24 } },
    ])
  })
  it('refuses at each row what the platform refuses: a bad or repeated name, a schedule it cannot read, no retention, a fifth policy', () => {
    const row = (name: string, schedule = 'daily', keep = '1') => ({ name, schedule, keep })
    expect(
      issuesOf(fileStorageCreateForm, {
        ...create,
        snapshotPolicies: [
          row('Nightly'),
          row('ok', 'weekly funday'),
          row('ok', 'monthly 29 01:00', '0'),
          row('d', 'daily 24:00'),
          row('e'),
        ],
      }),
    ).toEqual([
      "snapshotPolicies.0.name: Lower case letters, digits and '-', starting with a letter and not ending with '-'; up to 19.",
      'snapshotPolicies.1.schedule: Write the schedule as hourly, daily 02:00, weekly sunday 03:30 or monthly 1 00:00 (UTC; a day of 1 to 28).',
      'snapshotPolicies.2.name: Another policy has this name.',
      'snapshotPolicies.2.schedule: Write the schedule as hourly, daily 02:00, weekly sunday 03:30 or monthly 1 00:00 (UTC; a day of 1 to 28).',
      'snapshotPolicies.2.keep: Keep a whole number of snapshots, 1 or more.',
      'snapshotPolicies.3.schedule: Write the schedule as hourly, daily 02:00, weekly sunday 03:30 or monthly 1 00:00 (UTC; a day of 1 to 28).',
      'snapshotPolicies.4.name: At most four snapshot policies.',
    ])
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
        // Read from a platform before region v1.20.0: its default, and no policies.
        defaultSnapshotProtectionEnabled: true,
        snapshotPolicies: [],
      },
    })
  })
  it('starts from the stored policies, as rows that read back to the same policies', () => {
    const nightly = { name: 'nightly', schedule: { interval: 'daily', timeOfDay: '02:00Z' }, retention: { keep: 7 } }
    const values = updateDefaults({
      ...stored,
      spec: { ...stored.spec, defaultSnapshotProtectionEnabled: false, snapshotPolicies: [nightly] },
    })
    expect(values.snapshotPolicies).toEqual([{ name: 'nightly', schedule: 'daily 02:00', keep: '7' }])
    expect(toUpdateWire(values).body.spec).toMatchObject({
      defaultSnapshotProtectionEnabled: false,
      snapshotPolicies: [nightly],
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
