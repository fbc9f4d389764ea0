import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import type { AxeResults, Result, RunOptions } from 'axe-core'

// axe-core injected as a script: @axe-core/playwright's current line needs Node 22, and the engine is all we need.
const require = createRequire(import.meta.url)
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

type AxeWindow = { axe?: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }

/** The rules of the WCAG 2.1 A and AA levels and axe's best practices. */
export const ALL_RULES: RunOptions['runOnly'] = {
  type: 'tag',
  values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
}

/**
 * Only the rules that read colours: a colour scheme changes colours and nothing else, so a second scheme on the same
 * page needs only these.
 */
export const COLOUR_RULES: RunOptions['runOnly'] = { type: 'rule', values: ['color-contrast', 'link-in-text-block'] }

/** The page's violations of the given rules. */
export async function axeViolations(page: Page, runOnly: RunOptions['runOnly']): Promise<Result[]> {
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern; once per
  // document, as parsing the engine's 500 kB costs more than a run on a small page.
  if (!(await page.evaluate(() => Boolean((window as unknown as AxeWindow).axe)))) await page.evaluate(axeSource)
  return page.evaluate(
    // Only violations come back: axe then keeps no node lists for passes and the rest, and nothing else crosses
    // the protocol.
    async (only) =>
      (
        await (window as unknown as Required<AxeWindow>).axe.run(document, {
          runOnly: only,
          resultTypes: ['violations'],
        })
      ).violations,
    runOnly,
  )
}
