// What the boot path (the entry and what index.html preloads) is made of: each chunk's minified bytes attributed to the
// source files its source map names, grouped by package, with an estimate of each one's gzip share (its code gzipped
// alone, scaled so a chunk's shares add up to the chunk's gzip size). Not a *.bench.ts: run it by hand after a build,
//   npx tsx bench/bundle-modules.ts [dist] [chunk name...]   (default: the boot path; e.g. `dist NetworkListRoute`)
// Source files are printed above 0.3 KB gzip.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { SourceMapConsumer } from 'source-map-js'

const [dist = 'dist', ...names] = process.argv.slice(2)
const html = readFileSync(join(dist, 'index.html'), 'utf8')
const files = names.length
  ? names.map((name) => {
      const file = readdirSync(join(dist, 'assets')).find((f) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(f))
      if (!file) throw new Error(`no ${name} chunk in ${dist}`)
      return join('assets', file)
    })
  : [
      ...html.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]* (?:src|href)="\/(assets\/[^"]+\.js)"/g),
    ].map((m) => m[1]!)

const gz = (text: string) => gzipSync(text, { level: 9 }).length
const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(6)
const packageOf = (source: string) => {
  const nm = source.lastIndexOf('node_modules/')
  if (nm < 0) return source.includes('/src/') ? `src/${source.split('/src/')[1]!.split('/')[0]}` : '(other)'
  const parts = source.slice(nm + 'node_modules/'.length).split('/')
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!
}
const shortName = (source: string) =>
  source.includes('node_modules/')
    ? source.slice(source.lastIndexOf('node_modules/') + 'node_modules/'.length)
    : source.replace(/^.*?\/src\//, 'src/')

for (const file of files) {
  const code = readFileSync(join(dist, file), 'utf8')
  const lines = code.split('\n')
  const map = new SourceMapConsumer(JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')))
  // Each mapping owns the generated text up to the next one on its line.
  const text = new Map<string, string[]>()
  const mappings: { line: number; column: number; source: string }[] = []
  map.eachMapping((m) => mappings.push({ line: m.generatedLine, column: m.generatedColumn, source: m.source ?? '' }))
  mappings.sort((a, b) => a.line - b.line || a.column - b.column)
  let unmapped = code.length
  mappings.forEach((m, i) => {
    const next = mappings[i + 1]
    const end = next && next.line === m.line ? next.column : lines[m.line - 1]!.length
    const piece = lines[m.line - 1]!.slice(m.column, end)
    unmapped -= piece.length
    const key = m.source || '(unmapped)'
    const pieces = text.get(key) ?? []
    pieces.push(piece)
    text.set(key, pieces)
  })
  const total = gz(code)
  const rows = [...text].map(([source, pieces]) => {
    const joined = pieces.join('')
    return { source, min: joined.length, alone: gz(joined) }
  })
  const scale = total / rows.reduce((sum, r) => sum + r.alone, 0)
  console.log(`\n${file}: ${kb(code.length)} KB minified, ${kb(total)} KB gzip (${kb(unmapped)} KB min not mapped)`)
  const byPackage = new Map<string, { min: number; gzip: number; rows: typeof rows }>()
  for (const row of rows) {
    const pkg = packageOf(row.source)
    const entry = byPackage.get(pkg) ?? { min: 0, gzip: 0, rows: [] }
    entry.min += row.min
    entry.gzip += row.alone * scale
    entry.rows.push(row)
    byPackage.set(pkg, entry)
  }
  for (const [pkg, entry] of [...byPackage].sort((a, b) => b[1].gzip - a[1].gzip)) {
    console.log(`${kb(entry.gzip)} KB gzip ${kb(entry.min)} KB min  ${pkg}`)
    for (const row of entry.rows.sort((a, b) => b.alone - a.alone))
      if (row.alone * scale >= 300) console.log(`    ${kb(row.alone * scale)} ${kb(row.min)}  ${shortName(row.source)}`)
  }
}
