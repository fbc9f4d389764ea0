import { createHash } from 'node:crypto'

/** A stable UUID-shaped id for an entry of the fixed catalog or a piece of demo data: the same every run. */
export function demoId(key: string): string {
  const hex = createHash('sha256').update(`local-cloud-demo:${key}`).digest('hex')
  // Shaped as a version-4, RFC 4122 variant UUID, like the platform's ids.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[parseInt(hex[16] ?? '0', 16) % 4]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}
