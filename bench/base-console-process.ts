// An earlier checkout's console, run as a child process by harness.ts's withConsole in that checkout (its working
// directory): its own console server and local cloud serve its own build, so the base of a comparison reads the
// answers of its own day. Today's local cloud may answer what an earlier build cannot read (`null` lists since
// issue 66), which would measure that build's error pages instead of its pages.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const from = (path: string) => import(pathToFileURL(join(process.cwd(), path)).href)
const { withConsole } = await from('bench/harness.ts')
const testing = await from('server/local-cloud/testing.ts')
const { BENCH_SEEDER: seeder = '', BENCH_SEED_COUNT: count = '0', BENCH_HOST: host, BENCH_NAME: name } = process.env

await withConsole(
  {
    name,
    seed: (cloud: unknown) => (seeder ? testing[seeder](cloud, Number(count)) : Promise.resolve()),
    distDir: join(process.cwd(), 'dist'),
    host,
  },
  async ({ base }: { base: string }) => {
    const stopped = new Promise((done) => process.once('message', done))
    process.send!({ base })
    await stopped
  },
)
process.exit(0)
