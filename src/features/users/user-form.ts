import { z } from 'zod/mini'
import { USER_STATES, type User, type UserWrite } from '../../api/schemas/identity'
import { formatTag } from '../../lib/format'
import { formWrite, keptTags, metadataOf, pathsOf, type Wire } from '../../lib/form-wire'
import { userApi } from '../../api/identity'
import { NAME_PATTERN, tagRows, resourceDescription } from '../../lib/validation'

// The user forms as the user edits them. A user is who signs in (the subject, an e-mail address), whether they may
// (the state) and what they may do (the groups); the name, description and tags are optional labels.

/** Why the text is not an e-mail address a person can sign in with, or undefined when it is one. */
export function emailProblem(text: string): string | undefined {
  const value = text.trim()
  if (!value) return 'Enter the e-mail address the user signs in with.'
  if (/\s/.test(value)) return 'An e-mail address has no spaces.'
  if (value.length > 254) return 'An e-mail address has at most 254 characters.'
  const at = value.indexOf('@')
  if (at === -1) return 'An e-mail address has an "@", e.g. ada@example.com.'
  if (at !== value.lastIndexOf('@')) return 'An e-mail address has only one "@".'
  const local = value.slice(0, at)
  const domain = value.slice(at + 1)
  if (!local) return 'Add the name before the "@", e.g. ada@example.com.'
  if (local.length > 64) return 'The part before the "@" has at most 64 characters.'
  if (!domain) return 'Add the domain after the "@", e.g. example.com.'
  const labels = domain.split('.')
  if (labels.length < 2 || labels.some((label) => label === ''))
    return `"${domain}" is not a full domain: it needs a dot and no empty parts, e.g. example.com.`
  if (labels.some((label) => !/^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u.test(label))) {
    return `"${domain}" is not a domain: use letters, digits and "-" between the dots.`
  }
  return undefined
}

const subject = z.string().check(
  z.superRefine((value, ctx) => {
    const problem = emailProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  }),
)

export const userCreateForm = z
  .object({
    subject,
    state: z.enum(USER_STATES, 'Choose a state.'),
    groupIDs: z.array(z.string()),
    name: z.string().check(z.trim()),
    description: resourceDescription,
    tags: tagRows,
  })
  .check(
    z.superRefine((values, ctx) => {
      if (values.name && (values.name.length > 63 || !NAME_PATTERN.test(values.name))) {
        ctx.addIssue({
          code: 'custom',
          path: ['name'],
          message: 'Use up to 63 letters, digits, "-", "_" or ".", starting and ending with a letter or digit.',
        })
      }
      // The platform's metadata needs a name; the description and tags only travel inside it.
      const withoutName = !values.name && nameNeededFor(values.description, keptTags(values.tags).tags.length > 0)
      if (withoutName) ctx.addIssue({ code: 'custom', path: ['name'], message: withoutName })
    }),
  )

function nameNeededFor(description: string, tagged: boolean): string | undefined {
  if (description && tagged) return 'A description and tags need a name too; or clear them.'
  if (description) return 'A description needs a name too; or clear the description.'
  if (tagged) return 'Tags need a name too; or remove the tags.'
  return undefined
}

export type UserCreateValues = z.input<typeof userCreateForm>

export const userCreateDefaults: UserCreateValues = {
  subject: '',
  state: 'active',
  groupIDs: [],
  name: '',
  description: '',
  tags: [],
}

const USER_FIELDS = { 'spec.subject': 'subject', 'spec.state': 'state', 'spec.groupIDs': 'groupIDs' } as const

/** Without a name the metadata is left out, and the platform names the user after their address. */
export function toCreateWire(values: UserCreateValues): Wire<UserWrite, UserCreateValues> {
  const { metadata, fields, tagPaths } = metadataOf<UserCreateValues>(values)
  return {
    body: {
      ...(metadata.name ? { metadata } : {}),
      spec: { subject: values.subject.trim(), state: values.state, groupIDs: values.groupIDs },
    },
    pathOf: pathsOf({ ...fields, ...USER_FIELDS }, [tagPaths]),
  }
}

export const userCreate = formWrite({ schema: userCreateForm, endpoint: userApi.create, wire: toCreateWire })

export const userUpdateForm = z.object({
  state: z.enum(USER_STATES, 'Choose a state.'),
  groupIDs: z.array(z.string()),
  tags: tagRows,
})

export type UserUpdateValues = z.input<typeof userUpdateForm>

/** A state the console does not know starts unchosen, so saving never changes it silently. */
export function updateDefaults(user: User): UserUpdateValues {
  const known = (USER_STATES as readonly string[]).includes(user.spec.state)
  return {
    state: (known ? user.spec.state : '') as UserUpdateValues['state'],
    groupIDs: user.spec.groupIDs,
    tags: (user.metadata.tags ?? []).map((tag) => ({ name: tag.name, value: tag.value })),
  }
}

/**
 * The update takes the create body whole, and replaces what it carries: the subject goes back unchanged, and so do
 * the name and description (this form does not edit them), with the tags as the form has them. Tags left out would
 * be cleared, so even a change of state alone sends the user's tags back.
 */
export function toUpdateWire(user: User, values: UserUpdateValues): Wire<UserWrite, UserUpdateValues> {
  const { tags, paths } = keptTags<UserUpdateValues>(values.tags)
  const description = user.metadata.description
  return {
    body: {
      metadata: { name: user.metadata.name, ...(description ? { description } : {}), ...(tags.length ? { tags } : {}) },
      spec: { subject: user.spec.subject, state: values.state, groupIDs: values.groupIDs },
    },
    // Only the fields this form edits take an error; one about the subject, name or description goes to the top.
    pathOf: pathsOf<UserUpdateValues>({ 'spec.state': 'state', 'spec.groupIDs': 'groupIDs' }, [paths]),
  }
}

/**
 * The tags sent that the saved user does not carry. Some platform versions accept tags on a user write but keep
 * them nowhere the user is read from; the console says so rather than report the tags as saved.
 */
export function tagsNotKept(sent: UserWrite, saved: User): string[] {
  const kept = new Set((saved.metadata.tags ?? []).map(formatTag))
  return (sent.metadata?.tags ?? []).map(formatTag).filter((tag) => !kept.has(tag))
}

/** Suspending locks the user out at once, so the console asks first; other changes go straight through. */
export function isSuspending(before: string, after: string): boolean {
  return after === 'suspended' && before !== 'suspended'
}

export const DUPLICATE_SUBJECT = 'A user with this e-mail address already exists in this organization.'
