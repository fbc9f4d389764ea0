/**
 * A page whose code the browser could not fetch: a lazily loaded module (each browser words it its own way) or the
 * stylesheet Vite loads beside it. `url` is the file, where the browser names it (Safari does not).
 */
export interface UnloadedCode {
  url?: string
  /** The browser's own words. */
  message: string
}

const PATTERNS = [
  // Chromium
  /^Failed to fetch dynamically imported module: (\S+)/,
  // Firefox
  /^error loading dynamically imported module: (\S+)/,
  // Safari
  /^Importing a module script failed\./,
  // Vite's loader of a lazy module's stylesheets
  /^Unable to preload CSS for (\S+)/,
]

export function unloadedCode(error: unknown): UnloadedCode | undefined {
  if (!(error instanceof Error)) return undefined
  for (const pattern of PATTERNS) {
    const match = pattern.exec(error.message)
    if (match) return { url: match[1], message: error.message }
  }
  return undefined
}

/**
 * Whether the console has been updated since this page was opened: the server no longer has the file (a new build's
 * files have new names; the console server answers 404 for a missing one, server/console/static.ts). Any other answer,
 * or none, says nothing of the kind.
 */
export async function replacedSinceOpened(url: string | undefined): Promise<boolean> {
  if (!url) return false
  try {
    const answer = await fetch(url, { method: 'HEAD', cache: 'no-store' })
    return answer.status === 404
  } catch {
    return false
  }
}

const RELOADED_FOR = 'console-reloaded-for'

/**
 * Reloads the page to take the new version, once per missing file: if the file is still missing after a reload, a
 * second one would not help, and the page says so instead of reloading for ever.
 */
export function reloadOnceFor(url: string, reload: () => void): boolean {
  if (sessionStorage.getItem(RELOADED_FOR) === url) return false
  sessionStorage.setItem(RELOADED_FOR, url)
  reload()
  return true
}
