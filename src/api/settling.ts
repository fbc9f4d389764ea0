// Whether a resource is still changing on the server, so a page should poll:
//   refetchInterval: (query) => anySettling(query.state.data) ? 1000 : false

// `unknown` is what the platform answers until its first reconcile of a new resource: it is about to change.
const SETTLING_PROVISIONING = new Set(['unknown', 'provisioning', 'deprovisioning', 'pending'])
// The passing power states of the documents (compute v1.17.0, region v1.20.0): Pending, Queued and Building on the
// way to Running after a create, Rebuilding while a new image is written, Stopping. Error is terminal.
const SETTLING_POWER = new Set(['Pending', 'Queued', 'Building', 'Rebuilding', 'Stopping'])

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined
}

/**
 * True while metadata.provisioningStatus is unknown/provisioning/deprovisioning/pending, an instance's powerState is
 * passing (Pending, Queued, Building, Rebuilding, Stopping), or any file-storage attachment is still provisioning (or deprovisioning/pending).
 */
export function isSettling(resource: unknown): boolean {
  const provisioning = field(field(resource, 'metadata'), 'provisioningStatus')
  if (typeof provisioning === 'string' && SETTLING_PROVISIONING.has(provisioning)) return true
  const status = field(resource, 'status')
  const power = field(status, 'powerState')
  if (typeof power === 'string' && SETTLING_POWER.has(power)) return true
  const attachments = field(status, 'attachments')
  return (
    Array.isArray(attachments) &&
    attachments.some((a) => {
      const s = field(a, 'provisioningStatus')
      return typeof s === 'string' && SETTLING_PROVISIONING.has(s)
    })
  )
}

/** isSettling for query data: one resource, a list of them, or nothing yet. */
export function anySettling(data: unknown): boolean {
  if (Array.isArray(data)) return data.some(isSettling)
  return data !== undefined && data !== null && isSettling(data)
}

/**
 * A detail page's refetchInterval, for its resource or a list on it (a cluster's node pools, an endpoint's keys):
 * every second while one settles. Not once the read is invalidated without a refetch, which is what deleting the
 * resource does (`m()` in endpoint.ts): a poll landing between the delete and the page leaving would ask for what is
 * gone and get a 404.
 */
export function pollWhileSettling(query: { state: { data: unknown; isInvalidated: boolean } }): number | false {
  return !query.state.isInvalidated && anySettling(query.state.data) ? 1000 : false
}
