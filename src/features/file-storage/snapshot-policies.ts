import type { SnapshotPolicy } from '../../api/schemas/regional'
import { formatNumber } from '../../lib/format'

// File storage snapshot policies (region v1.20.0): each a named schedule in UTC and how many snapshots it keeps.

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** "Hourly", "Daily at 02:00 UTC", "Weekly on Sunday at 03:30 UTC", "Monthly on day 1 at 00:00 UTC". */
export function scheduleText({ interval, timeOfDay, dayOfWeek, dayOfMonth }: SnapshotPolicy['schedule']): string {
  const at = timeOfDay ? ` at ${timeOfDay.replace(/Z$/, '')} UTC` : ''
  if (interval === 'weekly' && dayOfWeek) return `Weekly on ${capital(dayOfWeek)}${at}`
  if (interval === 'monthly' && dayOfMonth !== undefined) return `Monthly on day ${dayOfMonth}${at}`
  return `${capital(interval)}${at}`
}

/** "Keeps 7 snapshots", "Keeps 1 snapshot". */
export function retentionText({ keep }: SnapshotPolicy['retention']): string {
  return `Keeps ${formatNumber(keep)} ${keep === 1 ? 'snapshot' : 'snapshots'}`
}

/** What the page says of Default Snapshot Protection; undefined where the platform does not report it. */
export function protectionText(enabled: boolean | undefined): string {
  if (enabled === undefined) return 'Not reported by this platform'
  return enabled
    ? 'On: the platform keeps snapshots of its own besides the policies below'
    : 'Off: only the policies below take snapshots'
}

// ---- The forms' policy rows: a name, a schedule written as one field, and how many snapshots to keep ----------

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
/** The document's name rule: lower case letters, digits and '-', starting with a letter, up to 19 characters. */
const POLICY_NAME = /^[a-z]([-a-z0-9]*[a-z0-9])?$/
const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/

export const SCHEDULE_HINT = 'hourly, daily 02:00, weekly sunday 03:30 or monthly 1 00:00 (UTC; a day of 1 to 28)'

/** One row of the policy editor, as typed. */
export interface PolicyRow {
  name: string
  schedule: string
  keep: string
}

type Schedule = SnapshotPolicy['schedule']

/** A schedule as its row shows it: the inverse of `parseSchedule`. */
function scheduleInput({ interval, timeOfDay, dayOfWeek, dayOfMonth }: Schedule): string {
  const day = interval === 'weekly' ? dayOfWeek : interval === 'monthly' ? dayOfMonth : undefined
  return [interval, day, timeOfDay?.replace(/Z$/, '')].filter((part) => part !== undefined).join(' ')
}

/** The schedule a row's text asks for, or why it is not one. */
function parseSchedule(text: string): Schedule | string {
  const [interval, ...rest] = text.trim().toLowerCase().split(/\s+/)
  const time = (part: string | undefined) =>
    part === undefined ? {} : TIME.test(part) ? { timeOfDay: `${part}Z` } : undefined
  if (interval === 'hourly' && rest.length === 0) return { interval }
  if (interval === 'daily' && rest.length <= 1) {
    const at = time(rest[0])
    if (at) return { interval, ...at }
  }
  if (interval === 'weekly' && (rest.length === 1 || rest.length === 2)) {
    const day = DAYS.find((d) => d === rest[0])
    const at = time(rest[1])
    if (day && at) return { interval, dayOfWeek: day, ...at }
  }
  if (interval === 'monthly' && (rest.length === 1 || rest.length === 2)) {
    const day = Number(rest[0])
    const at = time(rest[1])
    if (Number.isInteger(day) && day >= 1 && day <= 28 && at) return { interval, dayOfMonth: day, ...at }
  }
  return `Write the schedule as ${SCHEDULE_HINT}.`
}

/** Why a row is refused, per field, as the platform's document checks it; none when it is a policy. */
export function rowProblems(row: PolicyRow, index: number, rows: readonly PolicyRow[]): Partial<PolicyRow> {
  const problems: Partial<PolicyRow> = {}
  const name = row.name.trim()
  if (!name) problems.name = 'Enter a policy name.'
  else if (name.length > 19 || !POLICY_NAME.test(name))
    problems.name = "Lower case letters, digits and '-', starting with a letter and not ending with '-'; up to 19."
  else if (rows.findIndex((other) => other.name.trim() === name) < index)
    problems.name = 'Another policy has this name.'
  else if (index >= 4) problems.name = 'At most four snapshot policies.'
  const schedule = parseSchedule(row.schedule)
  if (typeof schedule === 'string') problems.schedule = schedule
  const keep = Number(row.keep.trim())
  if (!row.keep.trim() || !Number.isInteger(keep) || keep < 1)
    problems.keep = 'Keep a whole number of snapshots, 1 or more.'
  return problems
}

/** The rows as the platform's `spec.snapshotPolicies`; the rows are valid (`rowProblems`). */
export function policiesOf(rows: readonly PolicyRow[]): SnapshotPolicy[] {
  return rows.map((row) => ({
    name: row.name.trim(),
    schedule: parseSchedule(row.schedule) as Schedule,
    retention: { keep: Number(row.keep.trim()) },
  }))
}

/** A stored policy as its editor row. */
export const rowOf = (policy: SnapshotPolicy): PolicyRow => ({
  name: policy.name,
  schedule: scheduleInput(policy.schedule),
  keep: String(policy.retention.keep),
})
