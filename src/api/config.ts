// Where the API module sends its requests. The browser only ever talks to the console server on its own origin;
// tests point the module at a fake fetch or another base URL.

export interface ApiConfig {
  /** Prefix for console-server URLs; '' means the page's own origin. */
  baseUrl: string
  /** The fetch to call; undefined means the global fetch, looked up at call time so test stubs installed later apply. */
  fetch: typeof fetch | undefined
  /** Milliseconds before a request is abandoned with an ApiError code 'timeout'. */
  timeoutMs: number
}

const defaults: ApiConfig = { baseUrl: '', fetch: undefined, timeoutMs: 30_000 }

let current: ApiConfig = { ...defaults }

/** Overrides the given settings; settings not named keep their current value. */
export function configureApi(settings: { baseUrl?: string; fetch?: typeof fetch; timeoutMs?: number }): void {
  current = { ...current, ...settings }
}

/** Restores the defaults (same-origin, global fetch, 30 s). */
export function resetApiConfig(): void {
  current = { ...defaults }
}

export function getApiConfig(): Readonly<ApiConfig> {
  return current
}
