import { expect as playwrightExpect, type Locator } from '@playwright/test'

// Playwright's expect, except that an assertion on a locator first waits, as `locator.waitFor` does, for an element to
// assert on. Since Playwright 1.60, every poll of a locator that resolves to nothing renders an aria snapshot of the
// whole page, for a failure message that is printed only if the assertion never passes (microsoft/playwright#41098;
// so still in 1.65.1). An assertion made as a page opens polls a few times before its element is there, and each
// of those snapshots is work on the page's own thread, in every test. `waitFor` polls the same locator without them.
// The assertion itself is Playwright's, unchanged: it runs once the element is there, or, if it never came, with what
// is left of the timeout, and fails with Playwright's own message.

/** An assertion's time unless it says otherwise (playwright.config.ts). */
export const EXPECT_TIMEOUT = 10_000

/** The matchers that fail on a missing element; a negated one, toBeHidden or a count passes on it, and is left alone. */
const WAITS_FOR: Record<string, 'visible' | 'attached'> = {
  toBeVisible: 'visible',
  toBeChecked: 'attached',
  toBeDisabled: 'attached',
  toBeEditable: 'attached',
  toBeEnabled: 'attached',
  toBeFocused: 'attached',
  toBeInViewport: 'attached',
  toContainText: 'attached',
  toHaveAccessibleDescription: 'attached',
  toHaveAccessibleName: 'attached',
  toHaveAttribute: 'attached',
  toHaveCSS: 'attached',
  toHaveRole: 'attached',
  toHaveText: 'attached',
  toHaveValue: 'attached',
}

function isLocator(value: unknown): value is Locator {
  return typeof value === 'object' && value !== null && 'waitFor' in value && 'page' in value
}

type MatcherOptions = { timeout?: number; visible?: boolean }

/** A matcher's options, if it was given them: always its last argument, and a plain object. */
function optionsOf(args: unknown[]): MatcherOptions | undefined {
  const last = args.at(-1)
  const given = typeof last === 'object' && last !== null && !(last instanceof RegExp) && !Array.isArray(last)
  return given ? (last as MatcherOptions) : undefined
}

function waitingFirst(locator: Locator, assertion: object): object {
  return new Proxy(assertion, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      const state = typeof property === 'string' ? WAITS_FOR[property] : undefined
      if (!state || typeof value !== 'function') return value
      return async (...args: unknown[]) => {
        // An array of texts is matched against every element the locator finds (Playwright renders no snapshot for
        // it), and an assertion that the element is hidden passes without one.
        const options = optionsOf(args)
        if (Array.isArray(args[0]) || options?.visible === false) return value.apply(target, args)
        const timeout = options?.timeout ?? EXPECT_TIMEOUT
        const started = Date.now()
        // Its own failure (a timeout, two elements where one was meant) is the assertion's to report.
        await locator.waitFor({ state, timeout }).catch(() => undefined)
        // A timeout of 0 is none: the assertion keeps it.
        const left = timeout === 0 ? 0 : Math.max(1, timeout - (Date.now() - started))
        const rest = options ? args.slice(0, -1) : args
        return value.apply(target, [...rest, { ...options, timeout: left }])
      }
    },
  })
}

export const expect = new Proxy(playwrightExpect, {
  apply(target, thisArg, args: Parameters<typeof playwrightExpect>) {
    const assertion = Reflect.apply(target, thisArg, args)
    return isLocator(args[0]) ? waitingFirst(args[0], assertion) : assertion
  },
})
