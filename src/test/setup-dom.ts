import { afterEach } from 'vitest'
import { cleanup, configure, getConfig, prettyDOM } from '@testing-library/react'
import { setScope } from '../lib/scope'

// A worker runs one file after another in the same window (vite.config.ts: isolate is off), and this file runs before
// each: each file starts, as in a fresh browser, with no working scope and nothing stored.
setScope({ organizationId: undefined, projectId: undefined, regionId: undefined })
localStorage.clear()
sessionStorage.clear()

configure({
  // A page's first render waits for its loader's requests to the in-process server; on a busy machine that can pass
  // the library's 1 s default. Tests still say what they wait for.
  asyncUtilTimeout: 20_000,
  // findBy* polls every 50 ms, and each miss printed the whole document into an error nobody reads: that was a large
  // share of an integration test's time. The library marks those polls (an undocumented flag, so read defensively); the
  // error that reaches the test after a timeout is built outside them and still shows the DOM.
  getElementError(message, container) {
    const polling = (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics
    const error = new Error(
      polling
        ? (message ?? '')
        : [message, `Ignored nodes: comments, script, style\n${prettyDOM(container)}`].join('\n\n'),
    )
    error.name = 'TestingLibraryElementError'
    return error
  },
})

// jsdom lacks these browser APIs that Mantine relies on.
// Width queries answer for jsdom's window (1024 px wide by default), as a browser of that size would: the layout
// renders what it shows at that width (the navigation beside the page, the scope pickers). Any other query: no.
const matchesWidth = (query: string) => {
  const px = (match: RegExpExecArray | null) => (match ? Number(match[1]) * (match[2] === 'em' ? 16 : 1) : undefined)
  const min = px(/\(min-width:\s*([\d.]+)(em|px)\)/.exec(query))
  const max = px(/\(max-width:\s*([\d.]+)(em|px)\)/.exec(query))
  if (min === undefined && max === undefined) return false
  return (min === undefined || window.innerWidth >= min) && (max === undefined || window.innerWidth <= max)
}
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: matchesWidth(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver
Element.prototype.scrollIntoView ??= () => {}
window.scrollTo = () => {}
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  })
}

afterEach(() => cleanup())
