import { populateGlobal, type Environment } from 'vitest/runtime'

/**
 * Happy DOM's window as the tests' browser, with Node's own fetch, Request, Response, Headers and AbortController
 * left in place: the console server and local cloud of each integration test run in the same process and must answer
 * with the Fetch API they ship with. Vitest's built-in happy-dom environment replaces those with Happy DOM's, which
 * enforces a browser's same-origin policy and forbidden headers on the harness's own calls.
 */
export default {
  name: 'happy-dom-node-fetch',
  viteEnvironment: 'client',
  async setup(global) {
    const { GlobalWindow } = await import('happy-dom')
    const win = new GlobalWindow({
      url: 'http://localhost:3000',
      console: global.console,
      settings: { disableErrorCapturing: true },
    })
    const { keys, originals } = populateGlobal(global, win, { bindFunctions: true })
    return {
      async teardown(global) {
        await win.happyDOM.abort()
        win.close()
        keys.forEach((key) => delete global[key])
        originals.forEach((value, key) => (global[key] = value))
      },
    }
  },
} satisfies Environment
