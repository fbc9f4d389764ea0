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

/**
 * The sentence that says which kinds of change the page leaves out for the caller's role (`unreadable`, named by
 * `plural`: "users"), so that its count is not taken for all the organization's changes; none where it leaves out none.
 */
export function unlistedNote(unreadable: readonly string[] | undefined, plural: (kind: string) => string) {
  const nouns = [...new Set((unreadable ?? []).map(plural))]
  if (!nouns.length) return undefined
  const listed = nouns.length === 1 ? nouns[0] : `${nouns.slice(0, -1).join(', ')} and ${nouns.at(-1)}`
  return `Changes to ${listed} are not listed: your role cannot read them.`
}
