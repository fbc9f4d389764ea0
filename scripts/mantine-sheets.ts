// Which of Mantine's published per-component stylesheets a component draws with: the `X.module.mjs` class maps its
// module reaches in the installed @mantine/core, dependencies first (Button: UnstyledButton, Loader, Button), the order
// Mantine's docs ask them to be imported in. Read from the package as shipped, so an upgrade that changes a
// component's dependencies fails scripts/mantine-sheets.test.ts until its module in src/components/mantine follows.
//   npx tsx scripts/mantine-sheets.ts Button Select   writes src/components/mantine/Button.ts and Select.ts
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const esm = join(dirname(createRequire(import.meta.url).resolve('@mantine/core')), '..', 'esm')
export const WRAPPERS_DIR = fileURLToPath(new URL('../src/components/mantine/', import.meta.url))

/** Each name @mantine/core exports, and the module it comes from. */
const exportedModules = once((): Map<string, string> => {
  const index = readFileSync(join(esm, 'index.mjs'), 'utf8')
  const modules = new Map<string, string>()
  for (const [, names, from] of index.matchAll(/import \{([^}]*)\} from "(\.[^"]+)"/g))
    for (const spec of names!.split(',')) {
      const name = spec
        .split(/\s+as\s+/)
        .pop()!
        .trim()
      if (name) modules.set(name, resolve(esm, from!))
    }
  return modules
})

const sources = new Map<string, string>()
const read = (file: string) => sources.get(file) ?? sources.set(file, readFileSync(file, 'utf8')).get(file)!

function once<T>(make: () => T): () => T {
  let value: { made: T } | undefined
  return () => (value ??= { made: make() }).made
}

function sheetsOfModule(file: string, seen: Set<string>): string[] {
  if (seen.has(file)) return []
  seen.add(file)
  const code = read(file)
  const sheets = [...code.matchAll(/(?:import|export)[^'"]*?from "(\.[^"]+)"/g)].flatMap(([, from]) =>
    sheetsOfModule(resolve(dirname(file), from!), seen),
  )
  const own = /[\\/](\w+)\.module\.mjs$/.exec(file)?.[1]
  return own ? [...sheets, own] : sheets
}

/** The stylesheets (names under @mantine/core/styles) the component needs, in import order; [] for most utilities. */
export function mantineSheets(name: string): string[] {
  const file = exportedModules().get(name)
  if (!file) throw new Error(`@mantine/core exports no ${name}`)
  return [...new Set(sheetsOfModule(file, new Set()))]
}

/**
 * The @mantine/core stylesheets another Mantine package (@mantine/notifications) draws with: its own styles.css
 * covers only its own classes, and its components render core ones (a notification is core's Notification).
 */
export function packageSheets(pkg: string): string[] {
  const entry = createRequire(import.meta.url)
    .resolve(pkg)
    .replace(/[\\/]cjs[\\/]index\.cjs$/, '/esm/index.mjs')
  const seen = new Set<string>()
  const sheets: string[] = []
  const walk = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const code = read(file)
    for (const [, from] of code.matchAll(/(?:import|export)[^'"]*?from "(\.[^"]+)"/g))
      walk(resolve(dirname(file), from!))
    for (const [, names] of code.matchAll(/import \{([^}]*)\} from "@mantine\/core"/g))
      for (const spec of names!.split(',')) {
        const name = spec.split(/\s+as\s+/)[0]!.trim()
        // Not a module of core's own (RemoveScroll is react-remove-scroll's): no stylesheet.
        if (exportedModules().has(name)) sheets.push(...mantineSheets(name))
      }
  }
  walk(entry)
  return [...new Set(sheets)]
}

/** Every export of @mantine/core that draws with a stylesheet. */
export function styledExports(): Set<string> {
  return new Set([...exportedModules().keys()].filter((name) => mantineSheets(name).length > 0))
}

export function wrapperSource(name: string): string {
  const sheets = mantineSheets(name).map((sheet) => `import '@mantine/core/styles/${sheet}.layer.css'\n`)
  return `// Mantine's ${name} with the stylesheets it draws with (scripts/mantine-sheets.ts).\n${sheets.join('')}export { ${name} } from '@mantine/core'\n`
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  for (const name of process.argv.slice(2)) writeFileSync(join(WRAPPERS_DIR, `${name}.ts`), wrapperSource(name))
