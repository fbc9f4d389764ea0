import { ACME_ORG_ID, EU_WEST_1, GLOBEX_ORG_ID, US_EAST_1 } from '../catalog/ids.ts'
import type { StateData } from '../platform/store/records.ts'

/** The ids the regions and demo organizations had before they were UUIDs: their names. */
const FORMER_IDS: Readonly<Record<string, string>> = {
  'eu-west-1': EU_WEST_1,
  'us-east-1': US_EAST_1,
  'acme-ai': ACME_ORG_ID,
  'globex-research': GLOBEX_ORG_ID,
}

/** The fields that refer to a region or an organization by id, wherever a record holds them. */
const REFERENCE = /^(organizationId|regionId|regionIds|availableRegionIds|organizationIds)$/

const current = (id: unknown) => (typeof id === 'string' ? (FORMER_IDS[id] ?? id) : id)

function rewrite(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) rewrite(item)
    return
  }
  if (!value || typeof value !== 'object') return
  const record = value as Record<string, unknown>
  for (const [key, field] of Object.entries(record)) {
    if (!REFERENCE.test(key)) rewrite(field)
    else record[key] = Array.isArray(field) ? field.map(current) : current(field)
  }
}

/**
 * State kept in a DATA_DIR from before the regions and demo organizations had UUID ids names them by their names
 * (`eu-west-1`, `acme-ai`), which no region or organization has now: its references are rewritten to the ids, so its
 * resources stay in their regions and organizations. A name (`metadata.name`, a tag) is never touched.
 */
export function upgradeFormerIds(data: StateData): void {
  for (const organization of data.organizations) organization.id = current(organization.id) as string
  rewrite(data)
}
