import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import type { AxeResults } from 'axe-core'

// axe-core injected as a script: @axe-core/playwright's current line needs Node 22, and the engine is all we need.
const require = createRequire(import.meta.url)
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

export default class AxeBuilder {
  constructor(private readonly page: Page) {}

  async analyze(): Promise<AxeResults> {
    // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern.
    await this.page.evaluate(axeSource)
    return this.page.evaluate(() =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(
        document,
        {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
        },
      ),
    )
  }
}
