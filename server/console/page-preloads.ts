/**
 * A page's own chunks, named in its HTML: the build (vite.config.ts) writes, for each page module, the links to its
 * chunk and to every chunk and stylesheet that chunk imports, under the page's key; the console server (static.ts)
 * puts the opened page's links in the head it serves. The page's code then starts with the HTML, beside the entry, not
 * once the entry has run; and the entry, finding the chunks' links in the head, appends none for them (it still links
 * the preloaded stylesheets).
 *
 * Both sides derive the key from the router's own convention (src/app/router.tsx): a page module is
 * `src/features/<first path segment>/routes/<Name><Kind>Route.tsx`, the overview's folder being the root.
 */
export const PAGE_PRELOADS_FILE = 'page-preloads.json'

/** A page's chunks and stylesheets, as root-relative URLs, in the order the page imports them. */
export interface PageLinks {
  scripts: string[]
  styles: string[]
}

/**
 * The head's links for a page, less those the head has already (the shell's, which index.html names). At low
 * priority: the entry and the shell come first, since the page's code runs only after them, and the first paint needs
 * only them. Preloads of the page's stylesheets, not stylesheets, for the same reason: a stylesheet in the head holds
 * the first paint until it arrives.
 */
export function pageLinks(links: PageLinks | undefined, head: string): string {
  if (!links) return ''
  const absent = (href: string) => !head.includes(`href="${href}"`)
  return [
    ...links.scripts
      .filter(absent)
      .map((href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}">`),
    ...links.styles
      .filter(absent)
      .map((href) => `<link rel="preload" as="style" fetchpriority="low" crossorigin href="${href}">`),
  ].join('')
}

/** The key of a page module, from its file (`/src/features/networks/routes/NetworkDetailRoute.tsx`). */
export function moduleKey(file: string): string | undefined {
  const match = /\/src\/features\/([\w-]+)\/routes\/(\w+)Route\.tsx$/.exec(file)
  if (!match) return undefined
  const [, folder, name] = match as unknown as [string, string, string]
  const base = folder === 'overview' ? '' : `/${folder}`
  if (name.endsWith('Create')) return `${base}/new`
  if (name.endsWith('Detail')) return `${base}/:id`
  if (name.endsWith('Edit')) return `${base}/:id/edit`
  return base || '/'
}

/** The key of the page a URL's path opens: `/networks/abc/edit` is `/networks/:id/edit`. */
export function pathKey(path: string): string | undefined {
  const segments = path.split('/').filter(Boolean)
  const [folder, second, third] = segments
  if (!folder) return '/'
  if (segments.length > 3) return undefined
  if (!second) return `/${folder}`
  if (!third) return second === 'new' ? `/${folder}/new` : `/${folder}/:id`
  return third === 'edit' ? `/${folder}/:id/edit` : undefined
}
