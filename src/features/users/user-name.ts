import type { User } from '../../api/schemas/identity'

/**
 * The user's name, when it has one. The platform answers every user's `metadata.name` as the string "undefined"
 * (it keeps none): that is no name, and the page shows the subject instead.
 */
export function userName(user: User): string | undefined {
  const name = user.metadata.name
  return name && name !== 'undefined' ? name : undefined
}

/** The user's name where it says more than the address: the platform names a user after it unless told otherwise. */
export function nameBesideAddress(user: User): string | undefined {
  const name = userName(user)
  return name !== user.spec.subject ? name : undefined
}
