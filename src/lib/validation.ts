import { z } from 'zod/mini'
import '../api/schemas/messages'
import { checkNetworkPrefix, parseCidr, parseIpv4 } from './cidr'

// Form-level rules shared by every resource form. Messages say what is allowed, so the user can fix the input.

/** The platform's resource name pattern: 1–63 characters, letters, digits, '-', '_', '.', alphanumeric at both ends. */
export const NAME_PATTERN = /^[0-9A-Za-z](?:[0-9A-Za-z-_.]{0,61}[0-9A-Za-z])?$/

export const resourceName = z.string().check(
  z.trim(),
  z.minLength(1, 'Enter a name.'),
  z.maxLength(63, 'A name has at most 63 characters.'),
  z.refine(
    (name) => NAME_PATTERN.test(name),
    'Use letters, digits, "-", "_" or "." and start and end with a letter or digit.',
  ),
)

/** A resource's description, as long as the platform takes it. */
export const resourceDescription = z
  .string()
  .check(z.trim(), z.maxLength(1024, 'A description has at most 1024 characters.'))

/** Where a regional resource is created, each picked in the form. */
export const placementFields = {
  organizationId: z.string().check(z.minLength(1, 'Choose an organization.')),
  projectId: z.string().check(z.minLength(1, 'Choose a project.')),
  regionId: z.string().check(z.minLength(1, 'Choose a region.')),
}

/** A string `check` accepts; its reason (and the form it suggests instead) is the message. */
const checkedBy = (check: (value: string) => { ok: true } | { ok: false; reason: string; suggestion?: string }) =>
  z.string().check(
    z.superRefine((value, ctx) => {
      const parsed = check(value)
      if (!parsed.ok)
        ctx.addIssue({
          code: 'custom',
          message: parsed.suggestion ? `${parsed.reason} Use ${parsed.suggestion}.` : parsed.reason,
        })
    }),
  )

export const ipv4Address = checkedBy(parseIpv4)

export const cidrBlock = checkedBy(parseCidr)

export const networkPrefix = checkedBy(checkNetworkPrefix)

/** Tag rows as the user edits them; blank rows are ignored, a half-filled row is an error. */
export const tagRows = z.array(z.object({ name: z.string().check(z.trim()), value: z.string().check(z.trim()) })).check(
  z.superRefine((rows, ctx) => {
    const seen = new Set<string>()
    rows.forEach((row, index) => {
      if (!row.name && !row.value) return
      if (!row.name) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: 'A tag needs a name.' })
      if (row.name && seen.has(row.name))
        ctx.addIssue({ code: 'custom', path: [index, 'name'], message: `The tag "${row.name}" is already set above.` })
      seen.add(row.name)
    })
  }),
)

/** A tagged resource's name, description and tag rows, as every such form asks them. */
export const metadataFields = { name: resourceName, description: resourceDescription, tags: tagRows }
