import type { StateData } from '../platform/store/records.ts'
import { ACME_ORG_ID, GLOBEX_ORG_ID } from '../catalog/ids.ts'
import { ACME_ADMIN, ACME_MEMBER, ACME_NAME, addAcme } from './acme.ts'
import { emptyState } from './builder.ts'
import { GLOBEX_ADMIN, GLOBEX_NAME, addGlobex } from './globex.ts'

/** The demo organizations and who each fixed token speaks for. */
export const DEMO = {
  organizationId: ACME_ORG_ID,
  organizationName: ACME_NAME,
  adminSubject: ACME_ADMIN,
  /** The read-only member: in the readers group. */
  memberSubject: ACME_MEMBER,
  secondOrganizationId: GLOBEX_ORG_ID,
  secondOrganizationName: GLOBEX_NAME,
  secondAdminSubject: GLOBEX_ADMIN,
} as const

/** The demo data set, with times relative to `now`. */
export function buildDemoState(at = Date.now()): StateData {
  // Whole minutes read better in a demo than millisecond timestamps.
  const now = Math.floor(at / 60_000) * 60_000
  const data = emptyState()
  addAcme(data, now)
  addGlobex(data, now)
  return data
}
