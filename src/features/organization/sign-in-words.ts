// How the console words the organization's sign-in settings, the document's organizationType and providerScope.

export const SIGN_IN_TYPES = {
  domain: {
    label: 'By e-mail domain',
    says: 'People sign in with their e-mail address: its domain finds this organization and its identity provider.',
  },
  adhoc: {
    label: 'Ad hoc',
    says: 'People get in only as members of its groups, and choose a sign-in provider themselves.',
  },
} as const

export const PROVIDER_SCOPES = {
  global: 'Built in (a generic provider such as Google or Microsoft)',
  organization: 'This organization’s own provider',
} as const

/** A value this console has words for, else the platform's own. */
export function wordsFor<T extends Record<string, unknown>>(
  table: T,
  value: string | undefined,
): T[keyof T] | undefined {
  return value !== undefined && value in table ? table[value as keyof T] : undefined
}
