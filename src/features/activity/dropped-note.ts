import type { Dropped } from '../../api/activity'
import { formatTimestamp } from '../../lib/format'

/**
 * The sentence that says what the log no longer holds, so that a page listing fewer changes than were made does not
 * look complete; none where nothing was dropped, or where the time filter starts after the entries that were.
 */
export function droppedNote(dropped: Dropped | undefined, since?: string): string | undefined {
  const missed = (at: string | undefined) => (at && !(since && since > at) ? formatTimestamp(at) : undefined)
  const accepted = missed(dropped?.accepted)
  const refused = missed(dropped?.refused)
  if (accepted && refused)
    return `The log is at its limit: changes up to ${accepted}, and failed ones up to ${refused}, are no longer kept.`
  if (accepted) return `The log is at its limit: changes up to ${accepted} are no longer kept.`
  if (refused)
    return `Failed changes up to ${refused} are no longer kept: the log keeps fewer of them than of the rest.`
  return undefined
}
