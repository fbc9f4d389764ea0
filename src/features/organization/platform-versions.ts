import { CONSOLE_DOCUMENTS, type VersionedService } from '../../api/versions'

// Which of the console's documents a service's reported release matches, in words: the console is written against one
// release of each service's document, and an older service may lack what the console calls, a newer one offer more.

function parse(version: string): [number, number, number] | undefined {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version.trim())
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined
}

function compare(a: [number, number, number], b: [number, number, number]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]
}

/** What the reported version means against the document of `service` the console follows. */
export function documentMatch(service: VersionedService, reported: string): string {
  const document = `${service} ${CONSOLE_DOCUMENTS[service]}`
  const version = parse(reported)
  // "Developer builds report version 0.0.0."
  if (!version || compare(version, [0, 0, 0]) === 0)
    return `A developer build: which release it is, and so whether it matches ${document}, cannot be told.`
  const order = compare(version, parse(CONSOLE_DOCUMENTS[service])!)
  if (order === 0) return `Matches ${document}, the document the console follows.`
  if (order < 0)
    return `Older than ${document}, the document the console follows: some of what the console offers may be refused.`
  return `Newer than ${document}, the document the console follows: what it added since is not in the console.`
}
