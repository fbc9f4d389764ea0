import { test as base, type Page } from '@playwright/test'
import { expect } from './expect'

interface ConsoleFixtures {
  /**
   * Lets this test's pages log console errors or warnings matching the pattern, over "type: text (url)": for what the
   * test provokes on purpose (the browser logs every refused request, so a 409 the test asks for is logged).
   */
  allowConsole: (pattern: RegExp) => void
  quietConsole: void
  grantsRevoked: void
}

/**
 * Every spec's `test`: fails a test whose pages logged a console error or warning, or threw, that it did not allow.
 * A walk through the console must be silent: noise on every load hides the message that matters. Pages of contexts a
 * test opens itself (a second organization's browser) are its own to watch.
 */
export const test = base.extend<ConsoleFixtures & { allowed: RegExp[] }>({
  // eslint-disable-next-line no-empty-pattern
  allowed: async ({}, use) => use([]),
  allowConsole: async ({ allowed }, use) => use((pattern) => void allowed.push(pattern)),
  quietConsole: [
    async ({ context, allowed }, use) => {
      const logged: string[] = []
      const watch = (page: Page) => {
        page.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning')
            logged.push(`${message.type()}: ${message.text()} (${message.location().url})`)
        })
        page.on('pageerror', (error) => logged.push(`uncaught: ${error.message}`))
      }
      context.pages().forEach(watch)
      context.on('page', watch)
      await use()
      const unexpected = logged.filter((text) => !allowed.some((pattern) => pattern.test(text)))
      expect(unexpected, 'console errors and warnings the test did not allow').toEqual([])
    },
    { auto: true },
  ],
  // The worker's tests share one browser context (reuseContext in playwright.config.ts), which Playwright resets
  // between them except for the permissions a test granted (the clipboard's): revoked here, so none outlives its test.
  grantsRevoked: [
    async ({ context }, use) => {
      await use()
      await context.clearPermissions()
    },
    { auto: true },
  ],
})

export { expect }
