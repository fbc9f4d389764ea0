import { z } from 'zod/mini'
import { fileStorageApi } from '../../api/fileStorage'
import type { FileStorage, FileStorageCreate, FileStorageUpdate } from '../../api/schemas/regional'
import { formatNumber } from '../../lib/format'
import { metadataDefaults, metadataOf, pathsOf, placementOf, type Wire, formWrite } from '../../lib/form-wire'
import { metadataFields, placementFields } from '../../lib/validation'
import { policiesOf, rowOf, rowProblems, type PolicyRow } from './snapshot-policies'

// The file-storage forms as the user edits them: size in whole GiB, root squash as a switch, tags as rows,
// attachments as a set of network ids. onSubmit maps them to the API body.

export const GiB = 2 ** 30
/** 1 PiB, the largest file system the platform offers. */
const MAX_SIZE_GIB = 1024 * 1024

const sizeGiB = z.number({ error: 'Enter a size in GiB.' }).check(
  z.int('The size is a whole number of GiB.'),
  z.gte(1, 'The size is at least 1 GiB.'),
  // Written when it is shown, not when the schema is built: in the reader's language, which may come after.
  z.lte(MAX_SIZE_GIB, { error: () => `The size is at most ${formatNumber(MAX_SIZE_GIB)} GiB (1 PiB).` }),
)

/** The snapshot settings both forms edit: Default Snapshot Protection, and the policy rows, checked as the document does. */
const snapshotFields = {
  defaultSnapshotProtection: z.boolean(),
  snapshotPolicies: z.array(z.object({ name: z.string(), schedule: z.string(), keep: z.string() })),
}
const policyRowsChecked = z.superRefine((values: { snapshotPolicies: PolicyRow[] }, ctx) => {
  values.snapshotPolicies.forEach((row, index, rows) => {
    for (const [field, message] of Object.entries(rowProblems(row, index, rows)))
      ctx.addIssue({ code: 'custom', path: ['snapshotPolicies', index, field], message })
  })
})

export const fileStorageCreateForm = z
  .object({
    ...metadataFields,
    ...placementFields,
    storageClassId: z.string().check(z.trim(), z.minLength(1, 'Choose a storage class.')),
    sizeGiB,
    rootSquash: z.boolean(),
    networkIds: z.array(z.string()),
    ...snapshotFields,
  })
  .check(policyRowsChecked)
export type FileStorageCreateValues = z.input<typeof fileStorageCreateForm>

/** The smallest size the storage can be resized to: the data it holds, rounded up to whole GiB (at least 1). */
export function minimumSizeGiB(usedBytes: number | undefined): number {
  return Math.max(1, Math.ceil((usedBytes ?? 0) / GiB))
}

/**
 * The update form. `usedBytes` is read only: resizing below the data stored would destroy data, so the platform
 * refuses it, and the form says so before sending.
 */
export const fileStorageUpdateForm = z
  .object({
    ...metadataFields,
    sizeGiB,
    rootSquash: z.boolean(),
    networkIds: z.array(z.string()),
    usedBytes: z.number(),
    ...snapshotFields,
  })
  .check(
    policyRowsChecked,
    z.superRefine((values, ctx) => {
      const minimum = minimumSizeGiB(values.usedBytes)
      if (Number.isInteger(values.sizeGiB) && values.sizeGiB < minimum) {
        ctx.addIssue({
          code: 'custom',
          path: ['sizeGiB'],
          message: `At least ${formatNumber(minimum)} GiB: the file system holds ${formatNumber(minimum)} GiB of data, and shrinking below it would destroy files.`,
        })
      }
    }),
  )
export type FileStorageUpdateValues = z.input<typeof fileStorageUpdateForm>

// Any path under storageType (`nfs.rootsquash`, the platform's `NFS.rootSquash`) is the root squash switch.
const SIZE_AND_TYPE = {
  'spec.sizeGiB': 'sizeGiB',
  'spec.storageType': 'rootSquash',
  'spec.defaultSnapshotProtectionEnabled': 'defaultSnapshotProtection',
} as const

export function toCreateWire(values: FileStorageCreateValues): Wire<FileStorageCreate, FileStorageCreateValues> {
  const { metadata, fields, tagPaths } = metadataOf<FileStorageCreateValues>(values)
  const { placement, placementFields } = placementOf<FileStorageCreateValues>(values)
  return {
    body: {
      metadata,
      spec: {
        ...placement,
        storageClassId: values.storageClassId.trim(),
        sizeGiB: values.sizeGiB,
        storageType: { nfs: { rootsquash: values.rootSquash } },
        // The platform takes attachments at create as on update; none chosen sends none.
        ...(values.networkIds.length > 0 ? { attachments: { networkIds: [...new Set(values.networkIds)] } } : {}),
        // Said either way: the admin saw the switch, on unless turned off, as the platform's own default is.
        defaultSnapshotProtectionEnabled: values.defaultSnapshotProtection,
        ...(values.snapshotPolicies.length > 0 ? { snapshotPolicies: policiesOf(values.snapshotPolicies) } : {}),
      },
    },
    pathOf: pathsOf(
      {
        ...fields,
        ...SIZE_AND_TYPE,
        ...placementFields,
        'spec.storageClassId': 'storageClassId',
        'spec.attachments': 'networkIds',
      },
      [tagPaths],
    ),
  }
}

/** The create form's write. */
export const fileStorageCreate = formWrite({
  schema: fileStorageCreateForm,
  endpoint: fileStorageApi.create,
  wire: toCreateWire,
})

/**
 * The platform replaces the whole spec on update, so the attachments kept are sent along with the new ones. A network
 * chosen twice is sent once; the attachments are one field, so an error about any of them lands there.
 */
export function toUpdateWire(values: FileStorageUpdateValues): Wire<FileStorageUpdate, FileStorageUpdateValues> {
  const { metadata, fields, tagPaths } = metadataOf<FileStorageUpdateValues>(values)
  return {
    body: {
      metadata,
      spec: {
        sizeGiB: values.sizeGiB,
        storageType: { nfs: { rootsquash: values.rootSquash } },
        attachments: { networkIds: [...new Set(values.networkIds)] },
        // The whole list, as the page showed it: an empty one clears the policies.
        defaultSnapshotProtectionEnabled: values.defaultSnapshotProtection,
        snapshotPolicies: policiesOf(values.snapshotPolicies),
      },
    },
    pathOf: pathsOf({ ...fields, ...SIZE_AND_TYPE, 'spec.attachments': 'networkIds' }, [tagPaths]),
  }
}

export function updateDefaults(storage: FileStorage): FileStorageUpdateValues {
  return {
    ...metadataDefaults(storage.metadata),
    sizeGiB: storage.spec.sizeGiB,
    rootSquash: rootSquashOf(storage) ?? false,
    networkIds: storage.spec.attachments?.networkIds ?? storage.status.attachments?.map((a) => a.networkId) ?? [],
    usedBytes: storage.status.usage?.usedBytes ?? 0,
    // A platform before region v1.20.0 reports neither: its default, protection on, and no policies.
    defaultSnapshotProtection: storage.spec.defaultSnapshotProtectionEnabled ?? true,
    snapshotPolicies: (storage.spec.snapshotPolicies ?? []).map(rowOf),
  }
}

/** Used share of the capacity, 0–1, or undefined when the platform does not report usage. */
export function usageShare(usage: { capacityBytes: number; usedBytes?: number } | undefined): number | undefined {
  if (!usage || usage.usedBytes === undefined || usage.capacityBytes <= 0) return undefined
  return Math.min(1, Math.max(0, usage.usedBytes / usage.capacityBytes))
}

/** Root squash as read, or undefined for a storage type other than NFS. */
export function rootSquashOf(storage: FileStorage): boolean | undefined {
  const nfs = (storage.spec.storageType as { nfs?: { rootsquash: boolean } }).nfs
  return nfs?.rootsquash
}
