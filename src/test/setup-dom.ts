import { afterEach } from 'vitest'
import { cleanup, configure, getConfig, prettyDOM } from '@testing-library/react'
import { setScope } from '../lib/scope'
import { DEFAULT_WINDOW_WIDTH, setWindowWidth } from './window-width'

// A worker runs one file after another in the same window (vite.config.ts: isolate is off), and this file runs before
// each: each file starts, as in a fresh browser, with no working scope, nothing stored and a window of the default
// width.
setScope({ organizationId: undefined, projectId: undefined, regionId: undefined })
setWindowWidth(DEFAULT_WINDOW_WIDTH)
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

afterEach(() => cleanup())
