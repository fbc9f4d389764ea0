import { cpSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * A copy of the build `from` as the next deploy would be: every asset under a new name, and every reference to one
 * (the HTML, the chunks' imports, the stylesheets' fonts, the page preloads) rewritten to match. A tab opened on the
 * build `from` then finds its files gone, as after a real deploy, and a reload takes this version whole. No
 * compressed copies or source maps: the server compresses what it serves itself.
 */
export function nextVersionOf(from: string, to: string): void {
  cpSync(from, to, { recursive: true })
  const assets = join(to, 'assets')
  for (const file of readdirSync(assets)) if (/\.(br|map)$/.test(file)) rmSync(join(assets, file))
  rmSync(join(to, 'index.html.br'), { force: true })
  const renamed = new Map<string, string>()
  for (const file of readdirSync(assets)) {
    const next = file.replace(/(\.\w+)$/, 'n$1')
    renameSync(join(assets, file), join(assets, next))
    renamed.set(file, next)
  }
  const texts = [
    join(to, 'index.html'),
    join(to, 'page-preloads.json'),
    ...[...renamed.values()].filter((file) => /\.(js|css)$/.test(file)).map((file) => join(assets, file)),
  ]
  for (const path of texts) {
    const text = readFileSync(path, 'utf8')
    writeFileSync(
      path,
      text.replace(/\/([\w.-]+)/g, (whole, name: string) => (renamed.has(name) ? `/${renamed.get(name)}` : whole)),
    )
  }
}
