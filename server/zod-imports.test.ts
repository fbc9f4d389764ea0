import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'

/** Every TypeScript file under the server's tree. */
function serverFiles(dir = 'server'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return serverFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

// The server's bundle (server/bundle.mjs) keeps only the zod it uses when zod is imported as a namespace, as zod's
// docs advise; `import { z }` brought all of zod: 293 KB of the 610 KB every start compiled. Checked here, not by the
// linter: oxlint's no-restricted-imports also refuses the namespace import when it restricts a name.
it('server code imports zod as a namespace', () => {
  const named = serverFiles().filter((file) => /^import\s+\{[^}]*\}\s+from\s+'zod'/m.test(readFileSync(file, 'utf8')))
  expect(named).toEqual([])
})
