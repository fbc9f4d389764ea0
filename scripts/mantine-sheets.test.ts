// Mantine's components come with their published per-component stylesheets through our own modules in
// src/components/mantine, not through a build step that edits Mantine's files: this keeps those modules true to the
// package as installed, and keeps every page importing them rather than the bare component, which would render unstyled
// in the build (nothing else loads that stylesheet).
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { mantineSheets, packageSheets, styledExports, WRAPPERS_DIR, wrapperSource } from './mantine-sheets.ts'

const SRC = join(WRAPPERS_DIR, '..', '..')
const sourceFiles = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts') && !file.endsWith('.test.tsx'))
  .map((file) => join(SRC, file))
const importsFrom = (code: string, pkg: string) =>
  [...code.matchAll(new RegExp(`import \\{([^}]*)\\} from '${pkg}'`, 'g'))].flatMap(([, names]) =>
    names!
      .split(',')
      .map((spec) => spec.trim())
      .filter((spec) => spec && !spec.startsWith('type '))
      .map((spec) => spec.split(/\s+as\s+/)[0]!.trim()),
  )

describe('Mantine stylesheets', () => {
  it('each module in src/components/mantine imports the stylesheets its component draws with, dependencies first', () => {
    const wrappers = readdirSync(WRAPPERS_DIR).filter((file) => file.endsWith('.ts'))
    expect(wrappers.length).toBeGreaterThan(0)
    for (const file of wrappers)
      expect(readFileSync(join(WRAPPERS_DIR, file), 'utf8'), file).toBe(wrapperSource(file.replace(/\.ts$/, '')))
  })

  it('no page imports a styled Mantine component bare', () => {
    const styled = styledExports()
    const bare = sourceFiles.flatMap((file) =>
      file.startsWith(WRAPPERS_DIR)
        ? []
        : importsFrom(readFileSync(file, 'utf8'), '@mantine/core')
            .filter((name) => styled.has(name))
            .map((name) => `${relative(SRC, file)}: ${name} (import it from src/components/mantine/${name})`),
    )
    expect(bare).toEqual([])
  })

  it.each(['@mantine/notifications', '@mantine/spotlight'])(
    'a page that renders %s imports the core stylesheets it draws with',
    (pkg) => {
      // A component (Notifications), not the store's functions (notifications.show).
      const users = sourceFiles.filter((file) =>
        importsFrom(readFileSync(file, 'utf8'), pkg).some((name) => /^[A-Z]/.test(name)),
      )
      expect(users.length).toBeGreaterThan(0)
      for (const file of users) {
        const code = readFileSync(file, 'utf8')
        const missing = packageSheets(pkg).filter(
          (sheet) => !code.includes(`'@mantine/core/styles/${sheet}.layer.css'`),
        )
        expect(missing, relative(SRC, file)).toEqual([])
      }
    },
  )

  it('reads the dependencies from the package: a button brings its loader and the unstyled button under it', () => {
    expect(mantineSheets('Button')).toEqual(['UnstyledButton', 'Loader', 'Button'])
    expect(() => mantineSheets('Buton')).toThrow(/exports no Buton/)
  })
})
