import { z } from 'zod/mini'
import type { Instance, InstanceUpdate } from '../../api/schemas/regional'
import { parseCidr } from '../../lib/cidr'
import { metadataDefaults, metadataOf, pathsOf, type Wire } from '../../lib/form-wire'
import { metadataFields } from '../../lib/validation'
import { userDataText } from './user-data'

// The edit form as the user sees it: description and tags, flavor and image, access, user data as text. The
// platform's update replaces the whole spec, so everything the instance has is in the form, and what the user did not
// touch is sent back as it was. The name, network, project and region cannot change: the platform refuses a rename
// with a 422 ("Instance names are immutable", compute v1.17.0), so the name is sent back as it was read.

/** Entries of the allowed-source-addresses box: one prefix per line (commas and spaces separate too). */
function sourceAddressEntries(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean)
}

export const instanceEditForm = z.object({
  ...metadataFields,
  flavorId: z.string().check(z.trim(), z.minLength(1, 'Choose a flavor.')),
  imageId: z.string().check(z.trim(), z.minLength(1, 'Choose an image.')),
  securityGroupIds: z.array(z.string()),
  publicIP: z.boolean(),
  allowedSourceAddresses: z.string().check(
    z.superRefine((text, ctx) => {
      const problems = sourceAddressEntries(text).flatMap((entry) => {
        const parsed = parseCidr(entry)
        return parsed.ok ? [] : [parsed.suggestion ? `${parsed.reason} Use ${parsed.suggestion}.` : parsed.reason]
      })
      if (problems.length) ctx.addIssue({ code: 'custom', message: problems.join(' ') })
    }),
  ),
  userData: userDataText,
  /** User data the console cannot show as text (compressed or binary), sent back unchanged unless replaced. */
  keptUserData: z.nullable(z.string()),
  /** The SSH certificate authority the instance trusts: fixed at create, sent back as it was read. */
  sshCertificateAuthorityId: z.nullable(z.string()),
})
export type InstanceEditValues = z.input<typeof instanceEditForm>

function base64FromBytes(bytes: Uint8Array): string {
  let binary = ''
  // In slices: String.fromCharCode takes its bytes as arguments, and 64 KiB of arguments is too many for some engines.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/** Text user data as the platform takes it: UTF-8, base64-encoded; nothing for blank text. */
export function encodeUserData(text: string): string | undefined {
  return text.trim() ? base64FromBytes(new TextEncoder().encode(text)) : undefined
}

/**
 * The instance's user data as the form shows it: text when it is UTF-8 text that encodes back to exactly the same
 * base64 (so an untouched field sends the very same value), otherwise kept as it is.
 */
export function decodeUserData(base64: string | undefined): { userData: string; keptUserData: string | null } {
  if (!base64) return { userData: '', keptUserData: null }
  try {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
    // Control characters other than tabs and line breaks mean binary data that happens to be valid UTF-8.
    // eslint-disable-next-line no-control-regex
    const binary = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)
    if (!binary && text.trim() && encodeUserData(text) === base64) return { userData: text, keptUserData: null }
  } catch {
    // Not base64 or not UTF-8: kept below.
  }
  return { userData: '', keptUserData: base64 }
}

/** The form's starting values: everything the instance has now. */
export function editDefaults(instance: Instance): InstanceEditValues {
  const networking = instance.spec.networking
  return {
    ...metadataDefaults(instance.metadata),
    flavorId: instance.spec.flavorId,
    imageId: instance.spec.imageId,
    securityGroupIds: networking?.securityGroups ?? [],
    publicIP: networking?.publicIP ?? false,
    allowedSourceAddresses: (networking?.allowedSourceAddresses ?? []).join('\n'),
    ...decodeUserData(instance.spec.userData),
    sshCertificateAuthorityId: instance.spec.sshCertificateAuthorityId ?? null,
  }
}

/** Prefixes in canonical form where they parse; the rest as typed, for the platform to judge. */
function sourceAddresses(text: string): string[] {
  return [
    ...new Set(
      sourceAddressEntries(text).map((entry) => {
        const parsed = parseCidr(entry)
        return parsed.ok ? parsed.text : entry
      }),
    ),
  ]
}

/** The update body, and where a platform error lands: kept binary user data has no field on screen. */
export function toUpdateWire(values: InstanceEditValues): Wire<InstanceUpdate, InstanceEditValues> {
  const { metadata, fields, tagPaths } = metadataOf<InstanceEditValues>(values)
  const allowed = sourceAddresses(values.allowedSourceAddresses)
  const userData = values.keptUserData ?? encodeUserData(values.userData)
  const body: InstanceUpdate = {
    metadata,
    spec: {
      flavorId: values.flavorId.trim(),
      imageId: values.imageId.trim(),
      // Sent even when empty: the update replaces the instance's networking, so an empty list removes every group.
      networking: {
        securityGroups: [...new Set(values.securityGroupIds)],
        publicIP: values.publicIP,
        ...(allowed.length ? { allowedSourceAddresses: allowed } : {}),
      },
      ...(userData !== undefined ? { userData } : {}),
      // Left out, the whole-spec update would drop it, which the platform refuses.
      ...(values.sshCertificateAuthorityId !== null
        ? { sshCertificateAuthorityId: values.sshCertificateAuthorityId }
        : {}),
    },
  }
  const pathOf = pathsOf<InstanceEditValues>(
    {
      ...fields,
      'spec.flavorId': 'flavorId',
      'spec.imageId': 'imageId',
      'spec.networking.securityGroups': 'securityGroupIds',
      'spec.networking.allowedSourceAddresses': 'allowedSourceAddresses',
      'spec.networking.publicIP': 'publicIP',
      ...(values.keptUserData === null ? { 'spec.userData': 'userData' as const } : {}),
    },
    [tagPaths],
  )
  return { body, pathOf }
}

export interface InstanceChanges {
  description: boolean
  tags: boolean
  /** A new flavor: the instance is resized. */
  resize?: { from: string; to: string }
  /** A new image: the instance is rebuilt and its disk erased. */
  rebuild?: { from: string; to: string }
  securityGroups?: { added: string[]; removed: string[] }
  /** Whether it will have a public address, when that changes. */
  publicIP?: boolean
  allowedSourceAddresses: boolean
  userData: boolean
}

const sameSet = (a: readonly string[] = [], b: readonly string[] = []) =>
  a.length === b.length && a.every((x) => b.includes(x))

/** What saving would change, judged on the request bodies, so only what reaches the platform counts. */
export function changesOf(before: InstanceEditValues, after: InstanceEditValues): InstanceChanges {
  const a = toUpdateWire(before).body
  const b = toUpdateWire(after).body
  const groupsBefore = a.spec.networking?.securityGroups ?? []
  const groupsAfter = b.spec.networking?.securityGroups ?? []
  const added = groupsAfter.filter((id) => !groupsBefore.includes(id))
  const removed = groupsBefore.filter((id) => !groupsAfter.includes(id))
  const publicBefore = a.spec.networking?.publicIP ?? false
  const publicAfter = b.spec.networking?.publicIP ?? false
  return {
    description: (a.metadata.description ?? '') !== (b.metadata.description ?? ''),
    tags: JSON.stringify(a.metadata.tags ?? []) !== JSON.stringify(b.metadata.tags ?? []),
    ...(a.spec.flavorId !== b.spec.flavorId ? { resize: { from: a.spec.flavorId, to: b.spec.flavorId } } : {}),
    ...(a.spec.imageId !== b.spec.imageId ? { rebuild: { from: a.spec.imageId, to: b.spec.imageId } } : {}),
    ...(added.length || removed.length ? { securityGroups: { added, removed } } : {}),
    ...(publicBefore !== publicAfter ? { publicIP: publicAfter } : {}),
    allowedSourceAddresses: !sameSet(
      a.spec.networking?.allowedSourceAddresses,
      b.spec.networking?.allowedSourceAddresses,
    ),
    userData: a.spec.userData !== b.spec.userData,
  }
}

export function hasChanges(changes: InstanceChanges): boolean {
  return Object.values(changes).some((value) => value !== false && value !== undefined)
}

/** A resize or rebuild interrupts the instance (a rebuild erases its disk): saving one asks first. */
export function needsConfirmation(changes: InstanceChanges): boolean {
  return Boolean(changes.resize || changes.rebuild)
}

/** Display names for the ids a change names (the id itself while a list is not loaded). */
export interface ChangeNames {
  flavor: (id: string) => string
  image: (id: string) => string
  group: (id: string) => string
}

/** What saving will change, in words; `publicAddress` is the address the instance holds now. */
export function describeChanges(changes: InstanceChanges, names: ChangeNames, publicAddress?: string): string[] {
  const items: string[] = []
  if (changes.description) items.push('New description.')
  if (changes.tags) items.push('New tags.')
  if (changes.resize)
    items.push(`Resized from ${names.flavor(changes.resize.from)} to ${names.flavor(changes.resize.to)}.`)
  if (changes.rebuild)
    items.push(
      `Rebuilt from ${names.image(changes.rebuild.to)} (was ${names.image(changes.rebuild.from)}): its disk is erased.`,
    )
  if (changes.securityGroups) {
    const { added, removed } = changes.securityGroups
    const parts = [
      added.length ? `adds ${added.map(names.group).join(', ')}` : '',
      removed.length ? `removes ${removed.map(names.group).join(', ')}` : '',
    ]
    items.push(`Security groups: ${parts.filter(Boolean).join('; ')}.`)
  }
  if (changes.publicIP === true) items.push('A public IPv4 address is assigned.')
  if (changes.publicIP === false)
    items.push(`The public IPv4 address${publicAddress ? ` ${publicAddress}` : ''} is released.`)
  if (changes.allowedSourceAddresses) items.push('New allowed source addresses.')
  if (changes.userData) items.push('New user data, read by cloud-init on a fresh disk.')
  return items
}
