// Takes the README's screenshots from a running console (signed in as the demo admin) and records the navigation they
// show in docs/screenshots.json, which a unit test compares with the console's own navigation: a change to the
// navigation fails the gate until the screenshots are taken again.
// Usage: npx tsx scripts/readme-screenshots.ts [baseUrl]   (e.g. after `npm start`)
import { chromium } from '@playwright/test'
import { writeFileSync } from 'node:fs'
import { CHROMIUM_ARGS } from './chromium-args.ts'
import { formatLikeTheRepository } from './repository-format.ts'

const [baseUrl = 'http://localhost:8080'] = process.argv.slice(2)
const SHOTS = [
  { file: 'docs/networks.png', path: '/networks', scheme: 'light' },
  { file: 'docs/overview-dark.png', path: '/', scheme: 'dark' },
] as const

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
})
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
await page.goto(`${baseUrl}/networks`)
await page.getByRole('button', { name: 'Continue as demo admin' }).click()
const navigation = page.getByRole('navigation', { name: 'Main' })
await navigation.waitFor()
const nav = await navigation.getByRole('link').allInnerTexts()
for (const shot of SHOTS) {
  await page.evaluate((value) => localStorage.setItem('mantine-color-scheme-value', value), shot.scheme)
  await page.goto(`${baseUrl}${shot.path}`)
  await page.waitForLoadState('networkidle')
  await page.getByRole('heading', { level: 1 }).waitFor()
  await page.screenshot({ path: shot.file })
  console.log(shot.file)
}
// Written as the repository's formatter writes it, so that its check passes the file as it is.
const record = JSON.stringify({ nav, files: SHOTS.map((shot) => shot.file) })
writeFileSync('docs/screenshots.json', await formatLikeTheRepository('docs/screenshots.json', record))
await browser.close()
