import { existsSync, readFileSync } from 'node:fs'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import { dirname, extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants } from 'node:zlib'
import { defineConfig, type Plugin } from 'vitest/config'
import react from '@vitejs/plugin-react'
import type { Rolldown } from 'vite'
import { moduleKey, PAGE_PRELOADS_FILE, type PageLinks } from './server/console/page-preloads.ts'
import { COLOR_SCHEME_SCRIPT } from './src/app/color-scheme-script.ts'
import { CHUNK_GROUPS, chunkRulesMatch, codeSplittingGroups } from './scripts/chunk-groups.ts'
import { NodeProjectFirst } from './scripts/vitest-sequencer.ts'

/**
 * Inter as the console sets it: weights 400 to 700 (the theme's and every `fw` in src/), where the package's variable
 * font spans 100 to 900. HarfBuzz (subset-font, its WebAssembly build) cuts the weight axis to that range and keeps
 * the characters of each face's unicode-range in src/app/fonts.css with the layout features TEXT_FEATURES names.
 * Two faces: the basic one, the characters of the console's own words, which every first visit downloads
 * beside the entry (index.html preloads it); and the rest of Latin-1 and its punctuation, which the browser asks for
 * only when a page shows one of them (a name with an accent). bench/bundle.bench.ts does not measure them,
 * Lighthouse's bytes do. Written under node_modules/.cache from the installed package at each start of a build or the
 * dev server; fonts.css names them through the alias below.
 */
function textFontInstance(): Plugin {
  const outDir = fileURLToPath(new URL('./node_modules/.cache/console-fonts/', import.meta.url))
  const source = createRequire(import.meta.url).resolve(
    '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  )
  return {
    name: 'text-font-instance',
    // Vitest renders no stylesheet, so it needs no font.
    apply: (_config, { mode }) => mode !== 'test',
    config: () => ({ resolve: { alias: [{ find: /^console-fonts\//, replacement: outDir }] } }),
    async buildStart() {
      const css = await readFile(fileURLToPath(new URL('./src/app/fonts.css', import.meta.url)), 'utf8')
      // Each face fonts.css names under console-fonts/ is cut from Inter by its own unicode-range.
      const faces = [...css.matchAll(/@font-face\s*{[^}]*console-fonts\/([\w-]+\.woff2)[^}]*}/g)]
      if (!faces.length) this.error('src/app/fonts.css names no console-fonts/ face')
      const { default: subsetFont } = await import('subset-font')
      const inter = await readFile(source)
      await mkdir(outDir, { recursive: true })
      for (const [face, file] of faces) {
        const range = /unicode-range:([^;]+);/.exec(face)?.[1]
        if (!range) this.error(`src/app/fonts.css has no unicode-range for ${file}`)
        const font = await subsetFont(inter, charactersOf(range), {
          targetFormat: 'woff2',
          variationAxes: { wght: { min: 400, max: 700 } },
          keepFeatures: TEXT_FEATURES,
        })
        const out = join(outDir, file!)
        const current = existsSync(out) ? await readFile(out) : undefined
        // Rewritten only when it changed: the dev server watches it.
        if (!current?.equals(font)) await writeFile(out, font)
      }
    },
  }
}

/**
 * The OpenType features the console's text is set with: those a browser applies to Latin text by itself (kerning,
 * ligatures, contextual alternates, marks, the variations' substitutions) and tabular figures, which the tables and
 * figures ask for (`font-variant-numeric: tabular-nums`). Inter's stylistic sets, character variants, fractions,
 * superscripts and slashed zero, which nothing in the console turns on, are left out with the glyphs only they reach.
 */
const TEXT_FEATURES = [
  'abvm',
  'blwm',
  'calt',
  'ccmp',
  'clig',
  'curs',
  'dist',
  'kern',
  'liga',
  'locl',
  'mark',
  'mkmk',
  'rclt',
  'rlig',
  'rvrn',
  'tnum',
]

/** Every character a CSS unicode-range names (`U+0000-00FF, U+0131, …`). */
function charactersOf(range: string): string {
  let text = ''
  for (const [, from, to] of range.matchAll(/U\+([0-9A-F]+)(?:-([0-9A-F]+))?/gi)) {
    for (let code = parseInt(from!, 16); code <= parseInt(to ?? from!, 16); code++) text += String.fromCodePoint(code)
  }
  return text
}

/**
 * React Router's package sends every bundler to its development build, whose dev warnings (ENABLE_DEV_WARNINGS)
 * run in production too (remix-run/react-router#14102). Its production build sits beside it, the same code with them
 * off; the build takes that one. Tests and the dev server keep the warnings.
 */
function reactRouterProductionBuild(): Plugin {
  const development = createRequire(import.meta.url).resolve('react-router')
  const production = join(dirname(dirname(development)), 'production', 'index.mjs')
  if (!existsSync(production)) throw new Error(`React Router's production build is not at ${production}`)
  return {
    name: 'react-router-production-build',
    apply: 'build',
    config: () => ({ resolve: { alias: [{ find: /^react-router$/, replacement: production }] } }),
  }
}

/**
 * The head's two small things written into index.html rather than asked for: the colour-scheme script
 * (src/app/color-scheme-script.ts says why) and the favicon, public/favicon.svg as a data URL. Each had been a request
 * of its own before the first paint, on one of the six connections a browser opens to the console over HTTP/1.1.
 */
function inlineHead(): Plugin {
  const favicon = `data:image/svg+xml,${encodeURIComponent(readFileSync('public/favicon.svg', 'utf8').trim())}`
  return {
    name: 'inline-head',
    transformIndexHtml(html) {
      const icon = '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />'
      if (!html.includes(icon)) throw new Error(`index.html has no ${icon} to inline`)
      return {
        html: html.replace(icon, icon.replace('/favicon.svg', favicon)),
        tags: [{ tag: 'script', children: COLOR_SCHEME_SCRIPT, injectTo: 'head-prepend' }],
      }
    },
  }
}

/**
 * Every signed-in page loads the shell chunk (the `shell` group of scripts/chunk-groups.ts) through the root route's lazy import,
 * which the entry reaches only once it has been downloaded and run: one round trip and the entry's whole evaluation
 * late. Its `modulepreload` in index.html starts it with the entry instead; its styles are in the entry's stylesheet.
 * The sign-in page downloads it too, for the page that follows.
 * First in the head, the preload of the first screen's data (server/console/bootstrap.ts): the console server writes
 * the opened page into its URL when it serves the page (static.ts), so a build without it gets none.
 */
function preloadShell(shellGroup: boolean): Plugin {
  return {
    name: 'preload-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const shell = Object.values(bundle ?? {}).find((chunk) => chunk.type === 'chunk' && chunk.name === 'shell')
        if (shellGroup && shell?.type !== 'chunk') throw new Error('The build has no shell chunk to preload')
        const textFont = Object.values(bundle ?? {}).find(
          (file) => file.type === 'asset' && /inter-basic-400-700-[\w-]+\.woff2$/.test(file.fileName),
        )
        if (!textFont) throw new Error('The build has no Inter font file to preload')
        return [
          // The text font, with the HTML rather than after the entry has run and laid text out, so that a phone's
          // first paint does not wait for the entry before asking for it. Every page shows text; the mono font waits
          // for the first id or address that needs it.
          {
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: true, href: `/${textFont.fileName}` },
            injectTo: 'head',
          },
          {
            tag: 'link',
            attrs: { rel: 'preload', as: 'fetch', crossorigin: true, href: '/console/bootstrap' },
            injectTo: 'head-prepend',
          },
          ...(shell?.type === 'chunk'
            ? [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${shell.fileName}` } }]
            : []),
        ]
      },
    },
  }
}

/**
 * Fails the build when the shell chunk or the list kit's has a stylesheet of its own. Their styles are in the entry's
 * (src/app/shell/stylesheet.ts imports them): nearly every page shows both, and a stylesheet of theirs would be one more
 * request on the first screen, on one of the six connections a browser opens to the console over HTTP/1.1.
 */
function stylesInEntrySheet(names: string[]): Plugin {
  return {
    name: 'styles-in-entry-sheet',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const name of names) {
        const chunk = Object.values(bundle).find((output) => output.type === 'chunk' && output.name === name)
        if (!chunk || chunk.type !== 'chunk') this.error(`The build has no ${name} chunk`)
        const styles = [...(chunk.viteMetadata?.importedCss ?? [])]
        if (styles.length)
          this.error(
            `The ${name} chunk has a stylesheet of its own (${styles.join(', ')}): import the sheets it needs in src/app/shell/stylesheet.ts, so that the entry's stylesheet carries them.`,
          )
      }
    },
  }
}

/**
 * Each page's links (server/console/page-preloads.ts): its chunk and the chunks it imports, as modulepreloads, and their
 * stylesheets, less what the entry loads anyway, written to `page-preloads.json` for the console server to put in the
 * page's head. Before, the entry's evaluation asked for them (Vite's preload helper, one appended link each): dozens of
 * links on the 200-row networks list, and the page's chunk requested only once the entry had run.
 */
function pagePreloads(): Plugin {
  return {
    name: 'page-preloads',
    apply: 'build',
    // After Vite's own, which take the chunks of only CSS out of the bundle and of the chunks' imports.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = new Map<string, Rolldown.OutputChunk>()
        for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output)
        const closure = (start: string) => {
          const seen = new Set<string>()
          const walk = (file: string) => {
            if (!chunks.has(file)) this.error(`${file}, imported by a page, is not in the bundle`)
            if (seen.has(file)) return
            seen.add(file)
            for (const imported of chunks.get(file)?.imports ?? []) walk(imported)
          }
          walk(start)
          return [...seen]
        }
        const entry = [...chunks.values()].find((chunk) => chunk.isEntry)
        if (!entry) throw new Error('The build has no entry chunk')
        const booted = new Set(closure(entry.fileName))
        const pages: Record<string, PageLinks> = {}
        for (const chunk of chunks.values()) {
          const key = chunk.isDynamicEntry && chunk.facadeModuleId ? moduleKey(chunk.facadeModuleId) : undefined
          if (!key) continue
          const files = closure(chunk.fileName).filter((file) => !booted.has(file))
          const styles = new Set(files.flatMap((file) => [...(chunks.get(file)!.viteMetadata?.importedCss ?? [])]))
          pages[key] = { scripts: files.map((file) => `/${file}`), styles: [...styles].map((file) => `/${file}`) }
        }
        this.emitFile({ type: 'asset', fileName: PAGE_PRELOADS_FILE, source: JSON.stringify(pages) })
      },
    },
  }
}

/**
 * Fails the build when chunks import each other in a circle. The chunk groups (scripts/chunk-groups.ts) choose where modules go, and a
 * group that takes a module without what it imports can leave two chunks each importing the other: the browser then
 * runs one before the other has defined what it reads at load (a Mantine component's `classes`), and the page breaks.
 */
function noChunkCycles(): Plugin {
  return {
    name: 'no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, string[]>()
      for (const output of Object.values(bundle))
        if (output.type === 'chunk') imports.set(output.fileName, output.imports)
      const done = new Set<string>()
      const walk = (file: string, path: string[]) => {
        if (path.includes(file))
          this.error(`chunks import each other in a circle: ${[...path.slice(path.indexOf(file)), file].join(' -> ')}`)
        if (done.has(file)) return
        for (const next of imports.get(file) ?? []) walk(next, [...path, file])
        done.add(file)
      }
      for (const file of imports.keys()) walk(file, [])
    },
  }
}

/**
 * What a lazy import preloads with its chunk: its stylesheets only, which nothing else would load. Its scripts were
 * listed too, and the entry carried every page's list, about 3 KB of the boot path. Without them the browser asks for
 * a page's chunk, then for the chunks it imports that are not in yet, at once: on the first screen the console server
 * names them all in the page's head (pagePreloads); after it, the shared ones are mostly in already.
 */
function stylesheetsOnly(_file: string, deps: string[], { hostType }: { hostType: 'html' | 'js' }) {
  return hostType === 'js' ? deps.filter((dep) => dep.endsWith('.css')) : deps
}

const brotli = promisify(brotliCompress)

/**
 * Writes a Brotli copy (`x.js.br`) of every script, stylesheet and SVG of the build, at the best quality, which is too
 * slow to spend on a request but costs nothing once done: fewer bytes than gzip -9 on the boot path, which a slow
 * phone waits on (bench/bundle.bench.ts prints both). The console server sends it to browsers that accept `br`.
 * Source maps are left out: they are served only on request, and gzipped then.
 */
function precompressBrotli(): Plugin {
  let outDir = 'dist'
  return {
    name: 'precompress-brotli',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) =>
        ['.js', '.css', '.svg', '.html'].includes(extname(file)),
      )
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file)
          const body = await readFile(path)
          if (body.length <= 1024) return
          const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length }
          await writeFile(`${path}.br`, await brotli(body, { params }))
        }),
      )
    },
  }
}

/** Chunk groups a build leaves out: bench/chunk-groups.bench.ts builds once without each to show what it saves. */
const OMITTED_GROUPS = process.env.CHUNK_GROUPS_OMIT?.split(',') ?? []

export default defineConfig({
  plugins: [
    react(),
    textFontInstance(),
    reactRouterProductionBuild(),
    inlineHead(),
    preloadShell(!OMITTED_GROUPS.includes('shell')),
    stylesInEntrySheet(['shell', 'list'].filter((name) => !OMITTED_GROUPS.includes(name))),
    chunkRulesMatch(CHUNK_GROUPS.filter((group) => !OMITTED_GROUPS.includes(group.name))),
    pagePreloads(),
    noChunkCycles(),
    precompressBrotli(),
  ],
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Each route is its own lazy chunk; the entry carries React, the router, Mantine's core and the session check.
    chunkSizeWarningLimit: 700,
    // No polyfill of <link rel="modulepreload"> in the entry: every browser the build
    // targets has it but Safari 16.4, which then loads the shell when the entry imports it, one round trip later.
    modulePreload: { polyfill: false, resolveDependencies: stylesheetsOnly },
    rolldownOptions: {
      output: {
        // Fewer, larger chunks on the path every signed-in page takes: scripts/chunk-groups.ts names them and why.
        codeSplitting: { groups: codeSplittingGroups(OMITTED_GROUPS) },
        // The entry names every page's stylesheets (its table of what each lazy import preloads), so each
        // character of a name is on the boot path: a hash of 7 characters of 64 (the fewest Rolldown takes for this many chunks) tells apart far more builds of a
        // chunk than a deploy ever sees, where Rolldown's default is 8.
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
      },
    },
  },
  worker: { format: 'es' },
  test: {
    // One worker per core. Vitest's default keeps a core for its main process, which is idle once files are
    // transformed: on a 2-core machine that meant one worker, with the other core idle.
    maxWorkers: availableParallelism(),
    // The node project's files first: scripts/vitest-sequencer.ts says why.
    sequence: { sequencer: NodeProjectFirst },
    // In both projects a worker runs file after file in one module graph (isolate: false), not each file in a fresh
    // process: React, Mantine, Happy DOM and the server's modules are loaded and warmed up once per worker, not once per
    // file, which was the bulk of the tier's CPU. Files share no state through that: no test mocks a module,
    // each starts its own console and local cloud, and src/test/setup-dom.ts clears the scope and storage before each.
    // (Vitest reuses a worker only for a file of the same project next in line: --sequence.shuffle.files undoes it.)
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          isolate: false,
          include: ['server/**/*.test.ts', 'src/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: './src/test/happy-dom-environment.ts',
          isolate: false,
          include: ['src/**/*.test.tsx'],
          setupFiles: ['src/test/setup-dom.ts'],
          // A ceiling, not a pace: a form test takes seconds of CPU, which a machine shared by other work can stretch
          // several times over; a hung test still fails.
          testTimeout: 60_000,
        },
      },
    ],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
