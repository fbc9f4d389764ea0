import { ACME_ORG_ID, GLOBEX_ORG_ID } from '../catalog/ids.ts'
import { ACME_ADMIN } from './acme.ts'
import { GLOBEX_ADMIN } from './globex.ts'

/** Someone who can sign in to the local cloud's OpenID provider; each is a user in the demo data. */
export interface DemoPerson {
  email: string
  name: string
  organizationId: string
  organizationName: string
  /** What this person may do, shown on the provider's sign-in page. */
  role: string
}

export const DEMO_PEOPLE: readonly DemoPerson[] = [
  {
    email: ACME_ADMIN,
    name: 'Alex Morgan',
    organizationId: ACME_ORG_ID,
    organizationName: 'Acme AI',
    role: 'Administrator',
  },
  {
    email: 'sam.okafor@acme.example',
    name: 'Sam Okafor',
    organizationId: ACME_ORG_ID,
    organizationName: 'Acme AI',
    role: 'Read-only (readers group)',
  },
  {
    email: GLOBEX_ADMIN,
    name: 'Hank Scorpio',
    organizationId: GLOBEX_ORG_ID,
    organizationName: 'Globex Research',
    role: 'Administrator',
  },
]

export function demoPerson(email: string): DemoPerson | undefined {
  return DEMO_PEOPLE.find((person) => person.email === email)
}
