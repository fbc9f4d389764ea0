import { describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// The runner as bundle.mjs installs it (dist-server/start.mjs), in a directory of its own with a one-line bundle.
function bundleDir() {
  const dir = mkdtempSync(join(tmpdir(), 'run-bundle-'))
  copyFileSync(new URL('./run-bundle.mjs', import.meta.url), join(dir, 'start.mjs'))
  const run = (code: string) => {
    writeFileSync(join(dir, 'server.cjs'), code)
    return execFileSync(process.execPath, [join(dir, 'start.mjs')], { encoding: 'utf8' })
  }
  return { dir, run }
}

describe('the server bundle runner', () => {
  it('leaves a code cache when its first start ends, and runs the bundle the same from it', () => {
    const { dir, run } = bundleDir()
    expect(run("console.log('served')")).toBe('served\n')
    expect(existsSync(join(dir, 'server.cjs.cache'))).toBe(true)
    expect(run("console.log('served')")).toBe('served\n')
  })

  it('runs a rebuilt bundle as built, though V8 would take the old cache for code of the same length', () => {
    const { run } = bundleDir()
    expect(run("console.log('older')")).toBe('older\n')
    expect(run("console.log('newer')")).toBe('newer\n')
  })
})
