// What the Lighthouse bench prints: one run's figures from its result, and the medians of the runs that completed.
import { loadNote, median } from './harness.ts'

interface Figures {
  score: number
  fcp: number
  lcp: number
  tbt: number
  longestTask: number
  /** Lighthouse's diagnostics, for telling where the time went: each is a median in the printed line. */
  diagnostics: Diagnostics
}

interface Diagnostics {
  /** bootup-time: main-thread ms per script, by file name without its content hash (`shell`, `index`). */
  scripts: Record<string, number>
  /** mainthread-work-breakdown: ms per kind of work (scriptEvaluation, styleLayout, …). */
  mainThread: Record<string, number>
  /** total-byte-weight: bytes transferred. */
  bytes: number
}

/** A cookie as the DevTools protocol's Storage.setCookies takes it: scoped to the console's origin by `url`. */
export interface JarCookie {
  name: string
  value: string
  url: string
  path: string
  httpOnly: boolean
  secure: boolean
  sameSite?: 'Strict' | 'Lax' | 'None'
  /** Seconds since the epoch; absent for a session cookie. */
  expires?: number
}

/**
 * The console's session cookie (the demo sign-in's Set-Cookie) for the browser's own cookie jar, where the runs find
 * it. Not a `Cookie` header through Lighthouse's extraHeaders: once the page has put a cookie of its own in the jar
 * (the SPA's cc_scope, src/lib/scope.ts), Chromium sends the jar's Cookie header in place of that one
 * (GoogleChrome/lighthouse#6207), so every run after the first went without the session and measured the sign-in page.
 */
export function jarCookie(setCookie: string, base: string, now = Date.now()): JarCookie {
  const [pair = '', ...attributes] = setCookie.split(';').map((part) => part.trim())
  const eq = pair.indexOf('=')
  if (eq <= 0) throw new Error(`not a cookie: ${setCookie}`)
  const attribute = (name: string) => {
    const found = attributes.find((a) => a.split('=')[0]!.toLowerCase() === name)
    return found === undefined ? undefined : found.slice(name.length + 1)
  }
  const sameSite = SAME_SITE[attribute('samesite')?.toLowerCase() ?? '']
  const maxAge = attribute('max-age')
  return {
    name: pair.slice(0, eq),
    value: pair.slice(eq + 1),
    url: base,
    path: attribute('path') || '/',
    httpOnly: attribute('httponly') !== undefined,
    secure: attribute('secure') !== undefined,
    ...(sameSite ? { sameSite } : {}),
    ...(maxAge ? { expires: Math.floor(now / 1000) + Number(maxAge) } : {}),
  }
}

const SAME_SITE: Record<string, JarCookie['sameSite']> = { strict: 'Strict', lax: 'Lax', none: 'None' }

/** The request every signed-in page made first before the bootstrap: without its 200, Lighthouse measured the sign-in page. */
const SIGNED_IN_REQUEST = '/api/identity/api/v1/organizations'
/**
 * Since the bootstrap (server/console/bootstrap.ts) carries that answer, its own size tells: signed out it holds only
 * the session's `null` (a few dozen bytes); signed in, the session, organizations, ACL, scope and the page's list.
 */
const BOOTSTRAP_REQUEST = '/console/bootstrap'
const SIGNED_IN_BOOTSTRAP_BYTES = 1024

type Request = { url: string; statusCode: number; resourceSize?: number }
const signedIn = (r: Request) =>
  r.statusCode === 200 &&
  (r.url.includes(SIGNED_IN_REQUEST) ||
    (new URL(r.url).pathname === BOOTSTRAP_REQUEST && (r.resourceSize ?? 0) > SIGNED_IN_BOOTSTRAP_BYTES))

type Details = { items?: Record<string, unknown>[] } | undefined

/**
 * A script's name as the build gives it, without the content hash: comparable between two builds. The page itself
 * (its inline work) is `document`, so the list's URL `/networks` is not confused with the `networks-<hash>.js` chunk.
 */
const scriptName = (url: string) => {
  const path = url.split('?')[0]!
  if (/^https?:/.test(path) && !path.endsWith('.js')) return 'document'
  const file = path.split('/').pop() ?? url
  return file.replace(/-[\w-]{7,8}\.js$/, '') || url
}

function diagnosticsOf(audits: Record<string, { numericValue?: number; details?: unknown } | undefined>): Diagnostics {
  const items = (id: string) => (audits[id]?.details as Details)?.items ?? []
  const scripts: Record<string, number> = {}
  for (const item of items('bootup-time')) {
    const name = scriptName(String(item.url))
    scripts[name] = (scripts[name] ?? 0) + Number(item.total)
  }
  const mainThread: Record<string, number> = {}
  for (const item of items('mainthread-work-breakdown')) mainThread[String(item.group)] = Number(item.duration)
  return { scripts, mainThread, bytes: audits['total-byte-weight']?.numericValue ?? 0 }
}

/** A run's figures, or why Lighthouse could not give them. */
export type Outcome = Figures | { failed: string }

const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
} as const

/** The figures of a Lighthouse result; a failed run or audit says so instead of giving NaN. */
export function figuresOf(lhr: {
  runtimeError?: { code: string; message?: string }
  audits: Record<string, { numericValue?: number; errorMessage?: string; details?: unknown } | undefined>
  categories: Record<string, { score: number | null } | undefined>
}): Outcome {
  if (lhr.runtimeError) return { failed: `${lhr.runtimeError.code}: ${lhr.runtimeError.message ?? ''}`.trim() }
  const { audits } = lhr
  const requests = (audits['network-requests']?.details as { items?: Request[] })?.items
  if (!requests?.some(signedIn))
    return {
      failed: `not signed in: no 200 for ${SIGNED_IN_REQUEST}, nor a signed-in bootstrap (Lighthouse measured the sign-in page)`,
    }
  const values: Partial<Record<keyof typeof METRICS, number>> = {}
  for (const [key, id] of Object.entries(METRICS) as [keyof typeof METRICS, string][]) {
    const value = audits[id]?.numericValue
    if (value === undefined || !Number.isFinite(value))
      return { failed: `${id}: ${audits[id]?.errorMessage ?? 'no value'}` }
    values[key] = value
  }
  const score = lhr.categories.performance?.score
  if (score === null || score === undefined) return { failed: 'no performance score' }
  const tasks = (audits['long-tasks']?.details as { items?: { duration: number }[] } | undefined)?.items ?? []
  return {
    score: Math.round(score * 100),
    fcp: values.fcp!,
    lcp: values.lcp!,
    tbt: values.tbt!,
    longestTask: Math.max(0, ...tasks.map((task) => task.duration)),
    diagnostics: diagnosticsOf(audits),
  }
}

/**
 * The diagnostics' medians over the completed runs (a key a run lacks counts as 0 there), largest first: main-thread
 * work by kind, main-thread time by script (bootup-time), and bytes transferred.
 */
export function diagnosticsLine(page: string, formFactor: string, results: Outcome[]): string {
  const runs = results.filter((r): r is Figures => !('failed' in r)).map((r) => r.diagnostics)
  if (!runs.length) return `lighthouse ${page}, ${formFactor}, diagnostics: no run completed`
  const medians = (pick: (d: Diagnostics) => Record<string, number>) => {
    const keys = new Set(runs.flatMap((d) => Object.keys(pick(d))))
    return [...keys]
      .map((key) => [key, median(runs.map((d) => pick(d)[key] ?? 0))] as const)
      .sort((a, b) => b[1] - a[1])
      .map(([key, ms]) => `${key} ${Math.round(ms)}`)
      .join(', ')
  }
  // Per run, not a median: a run that fetched something else (another page, another encoding) shows here.
  const kb = runs.map((d) => (d.bytes / 1024).toFixed(0)).join(', ')
  return `lighthouse ${page}, ${formFactor}, diagnostics (medians of ${runs.length}): main thread ms by kind: ${medians((d) => d.mainThread)}; by script: ${medians((d) => d.scripts)}; KB transferred per run: ${kb}`
}

/** The medians of the runs that completed, and each failed run's reason. */
export function line(page: string, formFactor: string, results: Outcome[]): string {
  const runs = results.filter((r): r is Figures => !('failed' in r))
  const failures = results.flatMap((r) => ('failed' in r ? [r.failed] : []))
  const failed = failures.length ? `; ${failures.length} of ${results.length} runs failed: ${failures.join('; ')}` : ''
  if (!runs.length) return `lighthouse ${page}, ${formFactor}: no run completed${failed}`
  const m = (key: Exclude<keyof Figures, 'diagnostics'>) => median(runs.map((run) => run[key]))
  const ms = (v: number) => `${Math.round(v).toLocaleString('en')} ms`
  const spread = (key: 'score' | 'tbt', unit: (v: number) => string) =>
    `${unit(Math.min(...runs.map((r) => r[key])))}–${unit(Math.max(...runs.map((r) => r[key])))}`
  return `lighthouse ${page}, ${formFactor}: median of ${runs.length}: score ${m('score')}, FCP ${ms(m('fcp'))}, LCP ${ms(m('lcp'))}, TBT ${ms(m('tbt'))}, longest task ${ms(m('longestTask'))}; spread: score ${spread('score', String)}, TBT ${spread('tbt', ms)} (scores ${runs.map((r) => r.score).join(', ')}; TBT ${runs.map((r) => Math.round(r.tbt)).join(', ')} ms${failed}; ${loadNote()})`
}

/** The overview's `key` against the list's, run by run (they take turns), as the median of the ratios. */
function pairwiseRatio(overview: Outcome[], list: Outcome[], key: 'fcp' | 'tbt', target: number): string {
  const ratios = overview.flatMap((o, i) => {
    const l = list[i]
    return 'failed' in o || !l || 'failed' in l ? [] : [o[key] / l[key]]
  })
  if (!ratios.length) return 'no pair of runs completed'
  const ratio = median(ratios)
  return `${ratio.toFixed(2)}, pairwise median of ${ratios.length} (target ≤ ${target}: ${ratio <= target ? 'met' : 'MISSED'})`
}

/** The overview's first paint against the list's (issue 14: no later). */
export const firstPaintRatio = (overview: Outcome[], list: Outcome[]) => pairwiseRatio(overview, list, 'fcp', 1)

/** The overview's total blocking time against the list's (issue 30: no more than the list's +20 %). */
export const blockingTimeRatio = (overview: Outcome[], list: Outcome[]) => pairwiseRatio(overview, list, 'tbt', 1.2)

/**
 * Issue 53's targets for a page, the base build's runs against this one's (BENCH_BASE_DIST): main-thread script
 * evaluation at most 0.6 of the base's, TBT no higher, and LCP at most 0.85 of the base's, each from the medians of
 * the runs that completed.
 */
export function targetLines(page: string, formFactor: string, before: Outcome[], after: Outcome[]): string[] {
  const completed = (runs: Outcome[]) => runs.filter((r): r is Figures => !('failed' in r))
  const [base, now] = [completed(before), completed(after)]
  const head = `lighthouse target ${page}, ${formFactor}`
  if (!base.length || !now.length) return [`${head}: no run completed in ${base.length ? 'after' : 'before'}`]
  const of = (runs: Figures[], pick: (r: Figures) => number) => median(runs.map(pick))
  const ms = (v: number) => `${Math.round(v).toLocaleString('en')} ms`
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED')
  const ratio = (name: string, pick: (r: Figures) => number, target: number) => {
    const [b, a] = [of(base, pick), of(now, pick)]
    return `${head}, ${name}: ${ms(b)} -> ${ms(a)}, ${(a / b).toFixed(2)} of before (target ≤ ${target}: ${verdict(a <= b * target)})`
  }
  const [tbtBefore, tbtAfter] = [of(base, (r) => r.tbt), of(now, (r) => r.tbt)]
  return [
    ratio('script evaluation', (r) => r.diagnostics.mainThread.scriptEvaluation ?? 0, 0.6),
    `${head}, TBT: ${ms(tbtBefore)} -> ${ms(tbtAfter)} (target no higher: ${verdict(tbtAfter <= tbtBefore)})`,
    ratio('LCP', (r) => r.lcp, 0.85),
  ]
}
