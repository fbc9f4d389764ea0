import { ALL_RULES, axeViolations, COLOUR_RULES } from './axe'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expect } from './expect'

export const SECOND_ORG_TOKEN = 'e2e-second-token'

/**
 * A name no other test uses, even one running at the same moment in another worker: tests own the resources they
 * create, and never count what others may have added.
 */
export function unique(prefix: string): string {
  const worker = process.env.TEST_WORKER_INDEX ?? '0'
  return `${prefix}-${worker}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

/**
 * A worker's context keeps its request sockets from test to test, and one left idle as long as the console's keep-alive
 * timeout (5 s) can be closed by the console just as the next sign-in is sent on it: the sign-in failed with "socket
 * hang up" (ECONNRESET), once in a gate. A browser sends a request again when a reused connection is reset before any
 * answer; Playwright's API requests do so when asked (only on ECONNRESET).
 */
const AS_A_BROWSER_RETRIES = { maxRetries: 1 }

/**
 * Opens the path signed in as the demo admin. The session is started by the console's own request (the browser
 * context shares its cookies) rather than through the sign-in page, which costs a page render per test: the tests of
 * signing in, out and again click through the page themselves.
 */
export async function signInAsDemo(page: Page, path = '/networks') {
  const answer = await page.request.post('/console/session', {
    data: { demo: true },
    headers: { 'X-Requested-With': 'cloud-console' },
    ...AS_A_BROWSER_RETRIES,
  })
  expect(answer.ok(), await answer.text()).toBe(true)
  await page.goto(path)
  // The test's first load of the bundle, the slowest step on a busy machine: given the time the click on the sign-in
  // page used to wait for it (actions wait up to the test's timeout), not the 10 s of a later assertion.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 30_000 })
}

/** The activity page's row for a change to `name`, worded as the page words it ("Create group"). */
export async function expectActivity(page: Page, what: string, name: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click()
  const row = page.getByRole('row').filter({ hasText: what }).filter({ hasText: name })
  await expect(row.first()).toContainText('Succeeded')
}

/** The local cloud's test hooks answer only its admin token (LOCAL_CLOUD_TOKEN in playwright.config.ts). */
export const TEST_HOOK_CALLER = { Authorization: 'Bearer e2e-admin-token' }

const ownCallers = new WeakMap<Page, string>()

/**
 * Signs in as the demo organization's admin with a bearer token no other test holds (the local cloud's test hook
 * mints it), so that the answers this test injects (answerNext) reach this test alone, and opens `path`.
 */
export async function signInAsOwnCaller(page: Page, path = '/networks') {
  const minted = await page.request.post('/local/testing/caller', { headers: TEST_HOOK_CALLER })
  expect(minted.status(), await minted.text()).toBe(201)
  const { token } = (await minted.json()) as { token: string }
  const answer = await page.request.post('/console/session', {
    data: { token },
    headers: { 'X-Requested-With': 'cloud-console' },
    ...AS_A_BROWSER_RETRIES,
  })
  expect(answer.ok(), await answer.text()).toBe(true)
  ownCallers.set(page, token)
  await page.goto(path)
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 30_000 })
}

/**
 * The platform's answers the demo data never gives (an outage, an operation it does not offer), injected into the
 * local cloud through its test hook (LOCAL_CLOUD_TEST_HOOKS): the next request of `method` to `path` from this page's
 * caller (signed in by signInAsOwnCaller) answers so, once. `path` is the full pathname the local cloud serves, matched
 * exactly, any query aside (`/local/compute/api/v2/instances/${id}/stop`, `/local/region/api/v2/securitygroups`).
 */
export async function answerNext(page: Page, answer: { method: string; path: string; status: number; body?: unknown }) {
  const caller = ownCallers.get(page)
  if (!caller) throw new Error('answerNext answers a caller of the test’s own: sign in with signInAsOwnCaller first')
  const injected = await page.request.post('/local/testing/answer-next', {
    data: { ...answer, caller },
    headers: TEST_HOOK_CALLER,
  })
  expect(injected.status(), await injected.text()).toBe(204)
}

/**
 * Signs in as a caller of its own whose calls of these operations (full pathnames the local cloud serves, as
 * `/local/region/api/v2/networks`) the local cloud never answers (its test hook; the other tests' callers are not
 * held), and loads `path` afresh, as a user opening it would.
 */
export async function openWithCallsHung(
  page: Page,
  request: APIRequestContext,
  path: string,
  calls: { method: string; path: string }[],
) {
  const hang = await request.post('/local/testing/hang', { data: { calls }, headers: TEST_HOOK_CALLER })
  expect(hang.status(), await hang.text()).toBe(201)
  const { token } = (await hang.json()) as { token: string }
  await signInWithToken(page, token, path)
  await page.goto(path)
}

export async function signInWithToken(page: Page, token: string, path = '/networks') {
  await page.goto(path)
  await page.getByLabel('Bearer token').fill(token)
  await page.getByRole('button', { name: 'Sign in with token' }).click()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
}

/**
 * Narrows the window to a phone's and waits for the console to have laid itself out for one. The columns a list
 * shows and where the navigation goes follow the width from the frame after the resize, not at once: a measure taken
 * in between reads the wide layout squeezed into the phone's width.
 */
export async function narrowToPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 })
  // Below sm the navigation leaves the page for the burger's drawer, in the same render as the lists' columns.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
}

/**
 * Goes to a path inside the console as its own links do, through the router, without loading the document again:
 * for a page the test has no link to follow to. A new document costs the bundle's load and, for an accessibility
 * check, axe's parse again.
 */
export async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    // The router's own entry ({ usr, key, idx }), so it takes this as a step forward in its history, one it can hold
    // as it holds its links (a form with unsaved input asks first); an entry of its own it could only let through.
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to)
    dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}

/** openInApp from a form with unsaved input: the console asks first, and the test answers Leave. */
export async function leaveFormFor(page: Page, path: string) {
  await openInApp(page, path)
  await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click()
}

/** A new resource's badge until it is ready: unknown before the platform's first reconcile, then provisioning. */
export const NOT_YET_PROVISIONED = /^(Unknown|Provisioning)$/

type BadgeWindow = { badgesSeen?: string[] }

/**
 * From now until the document is replaced, every status badge text the page renders, in the order first shown. A
 * passing state (Pending, Stopping, provisioning) is on screen from the write's answer until the page's next poll, a
 * second or so: an assertion polled from the test can miss it on a loaded machine, the page's own record cannot.
 */
export async function recordBadges(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = []
    ;(window as BadgeWindow).badgesSeen = seen
    const note = () => {
      for (const badge of document.querySelectorAll('.mantine-Badge-label')) {
        const text = badge.textContent.trim()
        if (!seen.includes(text)) seen.push(text)
      }
    }
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true })
    note()
  })
  return () => page.evaluate(() => (window as BadgeWindow).badgesSeen ?? [])
}

/** Picks an option of a Mantine Select in the page's main area by its label, or the first option when none is given. */
export async function choose(page: Page, label: string, option?: string | RegExp) {
  await page.getByRole('main').getByRole('combobox', { name: label, exact: true }).click()
  const options = page.getByRole('option')
  await (option ? options.filter({ hasText: option }).first() : options.first()).click()
}

/**
 * Switches the scheme as the console's own menu does (Mantine's setColorScheme): with transitions held off for the
 * switch, so the page takes the new colours at once rather than fading each element into them. Flipped without that,
 * every page state of the axe walk waited a tenth of a second or more for colour transitions no user sees.
 */
export async function setColorScheme(page: Page, scheme: 'light' | 'dark') {
  await page.evaluate((value) => {
    localStorage.setItem('mantine-color-scheme-value', value)
    const still = document.createElement('style')
    still.textContent = '*, *::before, *::after { transition: none !important; }'
    document.head.append(still)
    document.documentElement.setAttribute('data-mantine-color-scheme', value)
    // The new colours are computed while transitions are off; only then may they come back.
    void getComputedStyle(document.body).color
    still.remove()
  }, scheme)
}

/**
 * No serious or critical axe violations on the current page, in light and in dark: every rule in light, and in dark
 * the rules that read colours (the scheme switch changes only the stylesheet's colours, so nothing else can differ).
 * `lightOnly` leaves dark out, where a page of the same components was checked in dark already.
 */
export async function expectAccessible(page: Page, { lightOnly = false } = {}) {
  const schemes = [['light', ALL_RULES] as const, ['dark', COLOUR_RULES] as const]
  for (const [scheme, rules] of lightOnly ? schemes.slice(0, 1) : schemes) {
    await setColorScheme(page, scheme)
    // Contrast is judged on the settled page, not halfway through a colour or overlay transition. A status dot's pulse
    // never ends, and changes no text's colour: not waited for.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    )
    const serious = (await axeViolations(page, rules)).filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(
      serious.map(
        (v) =>
          `${scheme}: ${v.id}: ${v.help} (${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')})`,
      ),
    ).toEqual([])
  }
}

/**
 * How many lines the text of an element takes on screen: the distinct tops of its text's boxes. Only text is measured
 * (an inline button's own box starts a pixel or two above its line's text), and tops a few pixels apart are one line.
 */
export function lineCount(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const tops: number[] = []
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT)
    const range = document.createRange()
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      range.selectNodeContents(text)
      for (const box of range.getClientRects()) if (box.width > 0) tops.push(box.top)
    }
    tops.sort((a, b) => a - b)
    return tops.filter((top, i) => i === 0 || top - tops[i - 1]! > 4).length
  })
}
