/**
 * Applies the saved colour scheme before anything paints, so dark mode does not flash white. index.html runs it
 * inline in its head (vite.config.ts, inlineHead), where a file of its own had been one more request on the way to
 * the first paint, taking one of the six connections a browser opens to the console over HTTP/1.1. The
 * Content-Security-Policy allows this one inline script by its hash (server/console/security.ts) and no other.
 * Mantine's own manager keeps the choice under this key; with storage unavailable, Mantine decides on mount.
 */
export const COLOR_SCHEME_SCRIPT =
  "try{var s=localStorage.getItem('mantine-color-scheme-value')||'auto';" +
  "document.documentElement.setAttribute('data-mantine-color-scheme'," +
  "s==='dark'||(s==='auto'&&matchMedia('(prefers-color-scheme: dark)').matches)?'dark':'light')}catch(e){}"
