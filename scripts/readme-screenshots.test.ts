import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { NAV_SECTIONS } from '../src/app/shell/nav-items'

it("the README's screenshots show the console's navigation as it is (else: npx tsx scripts/readme-screenshots.ts)", () => {
  const shown = JSON.parse(readFileSync(new URL('../docs/screenshots.json', import.meta.url), 'utf8')) as {
    nav: string[]
  }
  expect(shown.nav).toEqual(NAV_SECTIONS.flatMap((section) => section.items.map((item) => item.label)))
})
