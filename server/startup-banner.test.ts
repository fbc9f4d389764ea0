import { describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './free-port.ts'

// The real server process on the embedded local cloud, with its three demo tokens given, and its test hooks on.
describe("npm start's printout", () => {
  it(
    'prints the three demo tokens, ends with where the console is and how to sign in, and warns of the test hooks',
    { timeout: 60_000 },
    async () => {
      const PORT = await freePort()
      const dir = mkdtempSync(join(tmpdir(), 'console-banner-'))
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
        env: {
          ...process.env,
          PORT: String(PORT),
          SKIP_BUILD: 'true',
          DIST_DIR: dir,
          DATA_DIR: dir,
          LOG_LEVEL: 'warn',
          LOCAL_CLOUD_TOKEN: 'admin-token-1',
          LOCAL_CLOUD_SECOND_TOKEN: 'second-token-2',
          LOCAL_CLOUD_MEMBER_TOKEN: 'member-token-3',
          LOCAL_CLOUD_TEST_HOOKS: 'true',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      let printed = ''
      child.stdout.setEncoding('utf8')
      const listening = new Promise<void>((resolve) =>
        child.stdout.on('data', (text: string) => {
          printed += text
          if (printed.includes('(listening on ')) resolve()
        }),
      )
      const exited = once(child, 'exit')
      try {
        await Promise.race([listening, exited.then(() => Promise.reject(new Error('server did not start')))])
      } finally {
        child.kill('SIGTERM')
      }
      // The banner is written at once; JSON log lines, if any, follow it.
      const banner = printed.slice(printed.indexOf('Cloud Console on ')).split('\n{')[0]!.trimEnd().split('\n')
      expect(banner).toEqual(
        expect.arrayContaining([
          '  demo admin (acme-ai): admin-token-1',
          expect.stringMatching(/^ {2}second org admin \(.+\): second-token-2$/),
          '  read-only member Sam Okafor (acme-ai): member-token-3',
          expect.stringMatching(/^WARNING: LOCAL_CLOUD_TEST_HOOKS=true: .* never on a console others can reach\.$/),
        ]),
      )
      expect(banner.at(-1)).toBe(
        `Open http://localhost:${PORT} to sign in: choose "Continue as demo admin", or "Sign in with Local cloud" as one of the demo people, or paste a token above.`,
      )
    },
  )
})
