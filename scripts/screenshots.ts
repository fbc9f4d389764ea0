// Takes screenshots of console pages in light and dark at 1440, 1024 and 390 px (and where the navigation is a drawer,
// with it open), for looking at what we build.
// Usage: npx tsx scripts/screenshots.ts [baseUrl] [path ...]   (the server must be running; signs in as demo admin)
import { chromium } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { CHROMIUM_ARGS } from './chromium-args.ts'

const [baseUrl = 'http://localhost:8080', ...pages] = process.argv.slice(2)
const targets = pages.length ? pages : ['/networks', '/networks/new']
const outDir = process.env.SCREENSHOT_DIR ?? 'screenshots'
mkdirSync(outDir, { recursive: true })

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
})
// WIDTHS=390 (comma-separated) takes only those; LOCALE=de-DE shows the pages as a German browser gets them.
const widths = process.env.WIDTHS ? process.env.WIDTHS.split(',').map(Number) : [1440, 1024, 390]
for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: process.env.LOCALE })
  const page = await context.newPage()
  await page.goto(`${baseUrl}/networks`)
  await page.getByRole('button', { name: 'Continue as demo admin' }).click()
  // The banner, not the navigation: below 768 px the navigation is a drawer.
  await page.getByRole('banner').waitFor()
  for (const scheme of ['light', 'dark']) {
    await page.evaluate((value) => localStorage.setItem('mantine-color-scheme-value', value), scheme)
    for (const target of targets) {
      await page.goto(`${baseUrl}${target}`)
      await page.waitForLoadState('networkidle')
      // A list draws its rows in a render after the header's (a deferred value): wait until the page has nothing
      // left to do, or on a busy machine the shot catches the page between the two.
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })))
      const name = `${target.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root'}-${scheme}-${width}.png`
      await page.screenshot({ path: `${outDir}/${name}`, fullPage: process.env.FULL === '1' })
      console.log(`${outDir}/${name}`)
      // Where the navigation is a drawer, the page once more with it open.
      if (await page.getByRole('button', { name: 'Toggle navigation' }).isVisible()) {
        await page.getByRole('button', { name: 'Toggle navigation' }).click()
        const nav = page.getByRole('navigation', { name: 'Main' })
        await nav.waitFor()
        // Once the drawer has slid in.
        await nav.evaluate((element) => Promise.all(element.parentElement!.getAnimations().map((a) => a.finished)))
        const drawer = name.replace(/\.png$/, '-drawer.png')
        await page.screenshot({ path: `${outDir}/${drawer}` })
        console.log(`${outDir}/${drawer}`)
      }
    }
  }
  await context.close()
}
await browser.close()
