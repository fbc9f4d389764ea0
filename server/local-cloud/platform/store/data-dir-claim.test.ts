import { afterEach, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Store } from './store.ts'
import { claimDataDir } from './data-dir-claim.ts'

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})
const seed = () => ({ organizations: [] }) as never

describe('a local cloud’s data directory', () => {
  it('is refused to a second process while the first runs, and taken over once it is gone', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'claim-'))
    dirs.push(dir)
    // Another process claims it, and runs on.
    const other = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        "import('./server/local-cloud/platform/store/data-dir-claim.ts').then((m) => m.claimDataDir(process.argv[1])).then(() => { console.log('claimed'); setTimeout(() => {}, 60_000) })",
        dir,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    const [said] = (await once(other.stdout!, 'data')) as [Buffer]
    expect(said.toString()).toBe('claimed\n')
    await expect(Store.open(dir, seed)).rejects.toThrow(
      `DATA_DIR ${dir} holds the local cloud of process ${other.pid}: two local clouds on one data directory`,
    )
    other.kill('SIGKILL')
    await once(other, 'exit')
    const store = await Store.open(dir, seed)
    await store.close()
  }, 30_000)

  it('is taken over from a process gone whose id another process now has', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'claim-'))
    dirs.push(dir)
    // This test's own runner has the id now, but did not start when the claim says.
    await writeFile(join(dir, 'owner.pid'), `${process.ppid} 1`)
    const store = await Store.open(dir, seed)
    await store.close()
  })

  it('is kept by the process that holds it, and given up when its store closes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'claim-'))
    dirs.push(dir)
    const store = await Store.open(dir, seed)
    await claimDataDir(dir)
    await store.close()
    await expect(readFile(join(dir, 'owner.pid'), 'utf8')).rejects.toThrow(/ENOENT/)
  })

  it('stops a console started on it with that one sentence, and exit code 1', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'claim-'))
    dirs.push(dir)
    // This test's process holds it, as a running console would.
    await claimDataDir(dir)
    const console_ = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
      env: { ...process.env, PORT: '0', SKIP_BUILD: 'true', DIST_DIR: dir, DATA_DIR: dir },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let said = ''
    console_.stderr!.setEncoding('utf8').on('data', (text: string) => void (said += text))
    const [code] = (await once(console_, 'exit')) as [number]
    expect(code).toBe(1)
    expect(said).toBe(
      `DATA_DIR ${dir} holds the local cloud of process ${process.pid}: two local clouds on one data directory overwrite each other's state. Give this one a DATA_DIR of its own, or point every service URL at the one that runs (docs/deploying.md). If process ${process.pid} is no local cloud, delete ${join(dir, 'owner.pid')}.\n`,
    )
  }, 30_000)
})
