import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

const CLAIM_FILE = 'owner.pid'

/** Another running process's local cloud holds the data directory. */
export class DataDirTaken extends Error {
  constructor(
    readonly dir: string,
    readonly owner: number,
    readonly claim: string,
  ) {
    super(
      `DATA_DIR ${dir} holds the local cloud of process ${owner}: two local clouds on one data directory overwrite each other's state. Give this one a DATA_DIR of its own, or point every service URL at the one that runs (docs/deploying.md). If process ${owner} is no local cloud, delete ${claim}.`,
    )
  }
}

/**
 * Claims `dir` for this process's local cloud. Two on one data directory would each rewrite the state without the
 * other's changes, and each start would delete the other's half-written files: two console replicas that each
 * embedded a service did so in the default DATA_DIR, and one crashed. A claim left by a process that is gone is taken
 * over, and this process's own (a store opened again) is kept.
 */
export async function claimDataDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true })
  const claim = join(dir, CLAIM_FILE)
  // Written whole beside the claim and linked into place: a link fails if the claim exists, so no reader ever sees a
  // claim without its process id.
  const mine = `${claim}.${process.pid}.tmp`
  const me = (await claimant(process.pid)) ?? String(process.pid)
  await writeFile(mine, me)
  try {
    for (;;) {
      if (await linked(mine, claim)) return
      const held = (await readFile(claim, 'utf8').catch(() => '')).trim()
      if (held === me) return
      const owner = Number(held.split(' ')[0])
      if (Number.isInteger(owner) && owner > 0 && (await claimant(owner)) === held)
        throw new DataDirTaken(dir, owner, claim)
      await unlink(claim).catch(() => undefined)
    }
  } finally {
    await unlink(mine).catch(() => undefined)
  }
}

/** Gives up this process's claim on `dir`, if it holds it. */
export async function releaseDataDir(dir: string): Promise<void> {
  const claim = join(dir, CLAIM_FILE)
  if ((await readFile(claim, 'utf8').catch(() => '')).trim() === (await claimant(process.pid)))
    await unlink(claim).catch(() => undefined)
}

/** Links `from` as `to`: false when `to` exists. */
async function linked(from: string, to: string): Promise<boolean> {
  try {
    await link(from, to)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
}

/**
 * How a claim names a running process: its id and, where /proc tells it, when it started. A process id alone is taken
 * again (a container restarted on a kept volume numbers its processes as before): the claim of a process that has
 * gone then names another that runs, whose start differs. Undefined when no process has the id.
 */
async function claimant(pid: number): Promise<string | undefined> {
  try {
    process.kill(pid, 0)
  } catch (error) {
    // EPERM: alive, but another user's.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined
  }
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined)
  // Field 22, counted after the command's closing parenthesis (the command may hold spaces).
  const started = stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
  return started ? `${pid} ${started}` : String(pid)
}
