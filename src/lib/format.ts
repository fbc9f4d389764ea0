// How the console writes times, sizes, counts and tags: one place, so every page says it the same way.

import { numberGrouping } from './number-grouping'
import { writeDecimal, writeNumber } from './number-writing'

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
]
// Built on first use, not at import, where Intl formatters held up the entry before any page showed.
let relativeFormat: Intl.RelativeTimeFormat | undefined

const intlFormats = new Map<string, Intl.NumberFormat>()

/**
 * Intl's number format for the reader's languages and these options, built once: what writes a figure before the
 * configuration is read, or one the language's way from the server does not cover. Built on first use, not at import.
 */
export function intlNumberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const locale = numberGrouping()?.locale ?? globalThis.navigator?.languages
  const key = JSON.stringify([locale, options])
  let format = intlFormats.get(key)
  if (!format) intlFormats.set(key, (format = new Intl.NumberFormat(locale, options)))
  return format
}

/**
 * Every figure the console shows, grouped as the reader's language groups thousands: "106,596" in English,
 * "106.596" in German. Written as the console server read the language's way from Intl for the browser's languages
 * (number-grouping.ts says why); before the configuration is read, or for what that does not cover (not finite,
 * beyond 2^53), by Intl in the page, for the same languages.
 */
export function formatNumber(value: number): string {
  const grouping = numberGrouping()
  const written = grouping ? writeNumber(grouping, value) : undefined
  return written ?? intlNumberFormat().format(value)
}

/**
 * A figure to exactly `digits` decimals, as scores, similarities and timings are shown: "0.873", "0,873" in German,
 * by the same language's way as formatNumber.
 */
export function formatFixed(value: number, digits: number): string {
  const grouping = numberGrouping()
  const written = grouping ? writeDecimal(grouping, value.toFixed(digits)) : undefined
  return written ?? intlNumberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)
}

/** "3 minutes ago", "in 2 days"; "just now" within ten seconds. */
export function formatRelative(iso: string | undefined, now: number = Date.now()): string {
  if (!iso) return '—'
  const at = Date.parse(iso)
  if (Number.isNaN(at)) return '—'
  const seconds = Math.round((at - now) / 1000)
  if (Math.abs(seconds) < 10) return 'just now'
  for (const [unit, unitSeconds] of UNITS) {
    if (Math.abs(seconds) >= unitSeconds) {
      relativeFormat ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
      return relativeFormat.format(Math.trunc(seconds / unitSeconds), unit)
    }
  }
  return 'just now'
}

/** Short age for tables: "5m", "3h", "12d", "2y". */
export function formatAge(iso: string | undefined, now: number = Date.now()): string {
  if (!iso) return '—'
  const at = Date.parse(iso)
  if (Number.isNaN(at)) return '—'
  const seconds = Math.max(0, Math.round((now - at) / 1000))
  if (seconds < 60) return `${seconds}s`
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h`
  if (seconds < 365 * 86_400) return `${Math.floor(seconds / 86_400)}d`
  return `${Math.floor(seconds / (365 * 86_400))}y`
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const two = (n: number) => String(n).padStart(2, '0')

/**
 * The exact time, in UTC like the API, for titles and detail pages: "10 May 2026, 08:05:09 UTC". Written by hand,
 * as lists give every row one: an Intl.DateTimeFormat costs tens of milliseconds to build on a page's first use.
 */
export function formatTimestamp(iso: string | undefined): string {
  if (!iso) return '—'
  const at = Date.parse(iso)
  if (Number.isNaN(at)) return iso
  const d = new Date(at)
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${formatClock(at)}`
}

/** The time of day, in UTC as every time the console writes: "08:05:09 UTC". */
export function formatClock(at: number): string {
  const d = new Date(at)
  return `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} UTC`
}

const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB']

/** Binary units, as storage sizes are given in GiB: 1.5 GiB, 512 MiB; 1,5 GiB in German. */
export function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined || !Number.isFinite(bytes)) return '—'
  let value = Math.max(0, bytes)
  let unit = 0
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2
  // Trailing zeros dropped ("1.5 KiB", not "1.50 KiB"), then written as the reader's language writes decimals.
  const shown = digits ? value.toFixed(digits).replace(/0+$/, '').replace(/\.$/, '') : value.toFixed(0)
  return `${formatFixed(Number(shown), shown.split('.')[1]?.length ?? 0)} ${BYTE_UNITS[unit]}`
}

export function formatTag(tag: { name: string; value: string }): string {
  return `${tag.name}=${tag.value}`
}

/** Reads "name=value" (the API's tag filter syntax); the value may itself contain '='. */
export function parseTag(text: string): { name: string; value: string } | undefined {
  const eq = text.indexOf('=')
  if (eq <= 0) return undefined
  return { name: text.slice(0, eq).trim(), value: text.slice(eq + 1).trim() }
}

/** A name with its id in brackets, or the id alone where there is no name or the name is the id. */
export function nameWithId(name: string | undefined, id: string): string {
  return name && name !== id ? `${name} (${id})` : id
}

/**
 * A list's count line: "3 flavors", or "2 of 3 flavors" once search or filters hide some, the figures grouped as the
 * reader's language groups them. The noun agrees with the total ("1 flavor", "0 of 1 flavor"): a region may offer a
 * single flavor.
 */
export function formatCount(shown: number, total: number, noun: readonly [singular: string, plural: string]): string {
  const count = shown === total ? formatNumber(total) : `${formatNumber(shown)} of ${formatNumber(total)}`
  return `${count} ${total === 1 ? noun[0] : noun[1]}`
}
