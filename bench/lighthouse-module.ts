// Lighthouse is a package of its own (bench/lighthouse): with its 200 dependencies (Sentry, OpenTelemetry's
// instrumentations, Puppeteer) in the project's package.json, every `npm ci`, the gate's included, unpacked a third
// more files for a bench that runs by hand. This bench installs it from its own lockfile on its first run. Its
// package.json pins the two packages Lighthouse's trace engine asks for as `latest` (overrides): `npm ci` refuses a
// lockfile once `latest` has moved past it.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { figuresOf } from './lighthouse-figures.ts'

const HOME = join(import.meta.dirname, 'lighthouse')

/** The part of Lighthouse's API the bench calls (its own types live in the package this module installs). */
interface Lighthouse {
  default(
    url: string,
    flags: { port: number; output: 'json'; logLevel: 'error'; onlyCategories: string[] },
    config?: unknown,
  ): Promise<{ lhr: Parameters<typeof figuresOf>[0] } | undefined>
  desktopConfig: unknown
}

export async function loadLighthouse(): Promise<Lighthouse> {
  if (!existsSync(join(HOME, 'node_modules', 'lighthouse'))) {
    console.log(`Installing Lighthouse into ${HOME} (its first run)…`)
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: HOME, stdio: 'inherit' })
  }
  const entry = createRequire(join(HOME, 'package.json')).resolve('lighthouse')
  return (await import(pathToFileURL(entry).href)) as Lighthouse
}
