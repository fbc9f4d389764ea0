import { describe, expect, it } from 'vitest'
import { sessionCookie } from '../server/console/sessions.ts'
import {
  blockingTimeRatio,
  diagnosticsLine,
  figuresOf,
  firstPaintRatio,
  jarCookie,
  line,
  targetLines,
  type Outcome,
} from './lighthouse-figures.ts'

const signedIn: { url: string; statusCode: number; resourceSize?: number }[] = [
  { url: 'http://127.0.0.1:1/api/identity/api/v1/organizations', statusCode: 200 },
]

const lhr = (lcp: number | undefined, score = 0.9, requests = signedIn, bytes = 300) => ({
  audits: {
    'network-requests': { details: { items: requests } },
    'first-contentful-paint': { numericValue: 800 },
    'largest-contentful-paint':
      lcp === undefined ? { errorMessage: 'NO_LCP: The page did not display content' } : { numericValue: lcp },
    'total-blocking-time': { numericValue: 100 },
    'long-tasks': { details: { items: [{ duration: 90 }, { duration: 120 }] } },
    'bootup-time': {
      details: {
        items: [
          { url: 'http://127.0.0.1:1/assets/index-C3OBaGmS.js', total: 300 },
          { url: 'http://127.0.0.1:1/assets/shell-CmgqeLdY.js', total: 200 },
          { url: 'http://127.0.0.1:1/networks?project=all', total: 70 },
          { url: 'http://127.0.0.1:1/assets/networks-DXMGUoTf.js', total: 60 },
          { url: 'Unattributable', total: 50 },
        ],
      },
    },
    'mainthread-work-breakdown': {
      details: {
        items: [
          { group: 'scriptEvaluation', duration: 400 },
          { group: 'styleLayout', duration: 100 },
        ],
      },
    },
    'total-byte-weight': { numericValue: bytes * 1024 },
  },
  categories: { performance: { score } },
})

describe('the Lighthouse bench', () => {
  it('reads a completed run', () => {
    expect(figuresOf(lhr(1200))).toMatchObject({ score: 90, fcp: 800, lcp: 1200, tbt: 100, longestTask: 120 })
  })

  it("prints where the main thread went, by kind and by script named without its hash, as medians, and each run's bytes", () => {
    const runs = [lhr(1000), lhr(1000, 0.9, signedIn, 255), { failed: 'x' }].map((r) =>
      'failed' in r ? r : figuresOf(r),
    )
    expect(diagnosticsLine('after overview', 'mobile', runs)).toBe(
      'lighthouse after overview, mobile, diagnostics (medians of 2): main thread ms by kind: scriptEvaluation 400, ' +
        'styleLayout 100; by script: index 300, shell 200, document 70, networks 60, Unattributable 50; ' +
        'KB transferred per run: 300, 255',
    )
  })

  it('counts a run that measured the sign-in page as failed, not as a fast run', () => {
    // Two consoles on one host share the browser's cookies: one console's session cookie can sign the other out.
    const signedOut = [{ url: 'http://127.0.0.1:1/console/config', statusCode: 200 }]
    const refused = [{ url: 'http://127.0.0.1:1/api/identity/api/v1/organizations', statusCode: 401 }]
    // The bootstrap answers 200 signed out too, holding only the session's null.
    const emptyBootstrap = [
      { url: 'http://127.0.0.1:1/console/bootstrap?page=%2Fnetworks', statusCode: 200, resourceSize: 40 },
    ]
    for (const requests of [signedOut, refused, emptyBootstrap])
      expect(figuresOf(lhr(1000, 0.99, requests))).toEqual({
        failed:
          'not signed in: no 200 for /api/identity/api/v1/organizations, nor a signed-in bootstrap (Lighthouse measured the sign-in page)',
      })
  })

  it('counts a run whose bootstrap carried the signed-in page as signed in', () => {
    const bootstrap = [
      { url: 'http://127.0.0.1:1/console/bootstrap?page=%2Fnetworks', statusCode: 200, resourceSize: 48_000 },
    ]
    expect(figuresOf(lhr(1000, 0.99, bootstrap))).not.toHaveProperty('failed')
  })

  it("signs the runs in through the browser's cookie jar, which the page's own cookies do not replace", () => {
    // A Cookie header given to Lighthouse (extraHeaders) is replaced by the jar's once the SPA has written its cc_scope
    // cookie there: every run after the first measured the sign-in page. The session goes into the jar instead, for
    // the console's own origin (two builds are served on 127.0.0.1 and 127.0.0.2).
    const base = 'http://127.0.0.2:41234'
    const setCookie = sessionCookie('s3ss10n', false, 43_200)
    expect(jarCookie(setCookie, base, 1_000_000)).toEqual({
      name: 'cc_session',
      value: 's3ss10n',
      url: base,
      path: '/',
      httpOnly: true,
      secure: false,
      sameSite: 'Strict',
      expires: 1000 + 43_200,
    })
    expect(jarCookie(sessionCookie('s', true, 60), 'https://console.example')).toMatchObject({
      name: '__Host-cc_session',
      secure: true,
    })
    expect(() => jarCookie('', base)).toThrow(/not a cookie/)
  })

  it('prints the spread of score and TBT beside the medians', () => {
    const run = (score: number, tbt: number) => ({ ...(figuresOf(lhr(1000)) as object), score, tbt }) as Outcome
    const printed = line('after networks list', 'mobile', [run(62, 460), run(85, 233), run(73, 300)])
    expect(printed).toContain('spread: score 62–85, TBT 233 ms–460 ms (scores 62, 85, 73; TBT 460, 233, 300 ms;')
  })

  it('reports a failed audit and gives the medians of the other runs, not NaN', () => {
    const runs = [lhr(1000), lhr(undefined), lhr(3000), lhr(2000)].map(figuresOf)
    expect(runs[1]).toEqual({ failed: 'largest-contentful-paint: NO_LCP: The page did not display content' })
    const printed = line('after networks list', 'mobile', runs)
    expect(printed).not.toContain('NaN')
    expect(printed).toContain('median of 3: score 90, FCP 800 ms, LCP 2,000 ms, TBT 100 ms, longest task 120 ms')
    expect(printed).toContain('1 of 4 runs failed: largest-contentful-paint: NO_LCP')
  })

  it('reports a run Lighthouse could not complete', () => {
    const failed = figuresOf({ ...lhr(1000), runtimeError: { code: 'NO_FCP', message: 'The page did not paint' } })
    expect(failed).toEqual({ failed: 'NO_FCP: The page did not paint' })
    expect(line('after overview', 'desktop', [failed])).toContain('no run completed; 1 of 1 runs failed: NO_FCP')
  })

  it('compares first paints run by run, leaving out pairs with a failure', () => {
    const run = (fcp: number) => ({ ...(figuresOf(lhr(1000)) as object), fcp }) as ReturnType<typeof figuresOf>
    const list = [run(1000), { failed: 'x' }, run(1000), run(1000)]
    const overview = [run(400), run(500), run(1200), run(900)]
    expect(firstPaintRatio(overview, list)).toBe('0.90, pairwise median of 3 (target ≤ 1: met)')
  })

  it('compares blocking times run by run, against the list’s +20 %', () => {
    const run = (tbt: number) => ({ ...(figuresOf(lhr(1000)) as object), tbt }) as ReturnType<typeof figuresOf>
    const list = [run(100), run(100), run(100)]
    expect(blockingTimeRatio([run(110), run(150), run(90)], list)).toBe(
      '1.10, pairwise median of 3 (target ≤ 1.2: met)',
    )
    expect(blockingTimeRatio([run(130), run(150), run(90)], list)).toBe(
      '1.30, pairwise median of 3 (target ≤ 1.2: MISSED)',
    )
  })

  it("prints issue 53's targets, before against after, with each verdict", () => {
    const run = (lcp: number, tbt: number, scriptEvaluation: number): Outcome => {
      const figures = figuresOf(lhr(lcp)) as Exclude<Outcome, { failed: string }>
      return { ...figures, tbt, diagnostics: { ...figures.diagnostics, mainThread: { scriptEvaluation } } }
    }
    const before = [run(3000, 200, 1000), run(3200, 220, 1100), { failed: 'x' }]
    expect(targetLines('networks list', 'mobile', before, [run(2500, 150, 550), run(2600, 230, 650)])).toEqual([
      'lighthouse target networks list, mobile, script evaluation: 1,100 ms -> 650 ms, 0.59 of before (target ≤ 0.6: met)',
      'lighthouse target networks list, mobile, TBT: 220 ms -> 230 ms (target no higher: MISSED)',
      'lighthouse target networks list, mobile, LCP: 3,200 ms -> 2,600 ms, 0.81 of before (target ≤ 0.85: met)',
    ])
    expect(targetLines('overview', 'mobile', [{ failed: 'x' }], [run(1, 1, 1)])).toEqual([
      'lighthouse target overview, mobile: no run completed in before',
    ])
  })
})
