// The console server fixture (console-server-fixture.ts) as a child process of a bench, run in a given checkout, so a
// bench can measure that checkout's server beside this one's in the same run (BENCH_BASELINE).
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export interface Fixture {
  port: number
  token: string
  organizationId: string
}

export interface RunningFixture {
  child: ChildProcess
  fixture: Fixture
  /** The server process's CPU time so far (user and system), in milliseconds. */
  cpuMs(): Promise<number>
  stop(): Promise<void>
}

/** Starts the fixture in `root`; `env` reaches it (BENCH_NETWORKS seeds that many more networks before it answers). */
export function startFixture(root: string, env: Record<string, string> = {}): Promise<RunningFixture> {
  const script = fileURLToPath(new URL('./console-server-fixture.ts', import.meta.url))
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  const cpuMs = () =>
    new Promise<number>((done) => {
      child.once('message', (usage) => done((usage as { cpuMs: number }).cpuMs))
      child.send('cpu')
    })
  const stop = async () => {
    const exited = new Promise((done) => child.once('exit', done))
    child.send('stop')
    await exited
  }
  return new Promise((done, fail) => {
    child.once('message', (fixture) => done({ child, fixture: fixture as Fixture, cpuMs, stop }))
    child.once('exit', (code) => fail(new Error(`the fixture in ${root} exited with ${code}`)))
  })
}
