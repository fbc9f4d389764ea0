/**
 * How a write in the activity log ended, as the console knows it: `unknown` where it never saw the platform's answer
 * (none was recorded, as for a write the console was stopped in the middle of; the connection broke after the write
 * was sent; the answer did not come in time; the browser went away first), for the write may have been carried out.
 * Read by the log's filter (server/console/activity-routes.ts) and the Activity page alike.
 */
export type Outcome = 'succeeded' | 'failed' | 'unknown'

// The console's own codes for an answer it did not get from the platform after sending the write (server/console/proxy.ts).
const ANSWER_NOT_SEEN = new Set(['upstream_answer_lost', 'upstream_timeout'])
// nginx's "client closed request": the browser went away first, whoever said so.
const CLIENT_CLOSED = 499

export function outcomeOf(entry: { status?: number; errorCode?: string }): Outcome {
  if (
    entry.status === undefined ||
    entry.status === CLIENT_CLOSED ||
    (entry.errorCode && ANSWER_NOT_SEEN.has(entry.errorCode))
  )
    return 'unknown'
  return entry.status >= 400 ? 'failed' : 'succeeded'
}
