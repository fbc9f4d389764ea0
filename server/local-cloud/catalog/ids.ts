import { createHash } from 'node:crypto'

/** A stable UUID-shaped id for an entry of the fixed catalog or a piece of demo data: the same every run. */
export function demoId(key: string): string {
  const hex = createHash('sha256').update(`local-cloud-demo:${key}`).digest('hex')
  // Shaped as a version-4, RFC 4122 variant UUID, like the platform's ids.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[parseInt(hex[16] ?? '0', 16) % 4]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/*
 * The regions' and the demo organizations' ids, each beside its readable name. The platform's ids are UUIDs (its
 * documents give every id, organizations' and regions' too, `format: uuid`); these are written out once so that the
 * demo data, bookmarks and tests stay the same across restarts and releases.
 */
/** Region eu-west-1. */
export const EU_WEST_1 = 'a3381ebe-e1b9-42f2-ab27-d3f793f26cd1'
/** Region us-east-1. */
export const US_EAST_1 = 'd6cdb330-8823-4dfb-b9c6-8e1e5745747b'
/** Organization acme-ai. */
export const ACME_ORG_ID = '71ef67a9-37ee-40ab-b9a6-f69bf553d314'
/** Organization globex-research. */
export const GLOBEX_ORG_ID = 'd1f4a0c8-dd78-4e16-b1bc-895419f27e00'
