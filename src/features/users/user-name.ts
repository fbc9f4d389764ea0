import type { User } from '../../api/schemas/identity'

/**
 * The user's name, when it has one. The platform answers every user's `metadata.name` as the string "undefined"
 * (it keeps none): that is no name, and the page shows the subject instead.
 */
export function userName(user: User): string | undefined {
  const name = user.metadata.name
  return name && name !== 'undefined' ? name : undefined
}
