// Applies the saved colour scheme before the app loads, so dark mode does not flash white.
// An external file because the Content-Security-Policy allows no inline script.
;(function () {
  try {
    var saved = localStorage.getItem('mantine-color-scheme-value') || 'auto'
    var dark = saved === 'dark' || (saved === 'auto' && window.matchMedia('(prefers-color-scheme: dark)').matches)
    document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light')
  } catch {
    /* storage unavailable: Mantine decides on mount */
  }
})()
