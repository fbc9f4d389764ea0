/**
 * Chromium's command line for every browser we launch: the e2e tiers, the benchmarks and the screenshot script.
 * Root needs --no-sandbox; the closed network refuses Chromium's background connections, so nothing may try them
 * (the benchmarks would time that retrying along with the console).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
]
