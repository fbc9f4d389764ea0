/**
 * Resolves in the task after the page's first contentful paint: the moment to ask for code the first screen does not
 * show (the list filters' inputs, the watch for a first notification). Asked for earlier, their two dozen files shared
 * the connections and the bandwidth with the page's own chunks and data, and on a phone's network the first screen
 * waited for them (bench/lighthouse.bench.ts, mobile). Where the browser reports no paint timing, the window's load
 * stands in.
 */
let painted: Promise<void> | undefined

export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise<void>((resolve) => {
    const next = () => setTimeout(resolve)
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      if (document.readyState === 'complete') next()
      else addEventListener('load', next, { once: true })
      return
    }
    // Buffered: a paint that came before this call is reported too.
    const observer = new PerformanceObserver((entries) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return
      observer.disconnect()
      next()
    })
    observer.observe({ type: 'paint', buffered: true })
  })
  return painted
}
