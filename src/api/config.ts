// Where the API module sends its requests. The browser only ever talks to the console server on its own origin;
// tests point the module at a fake fetch or another base URL.

export interface ApiConfig {
  /** Prefix for console-server URLs; '' means the page's own origin. */
  baseUrl: string
  /** The fetch to call; undefined means the global fetch, looked up at call time so test stubs installed later apply. */
  fetch: typeof fetch | undefined
  /**
   * The console server's deadline for a service (UPSTREAM_TIMEOUT_MS, from its configuration once read). A call
   * through the proxy waits a grace beyond it, so the server's 504, which names the service, arrives first; the
   * console's own routes wait this long. Past it the call is abandoned with an ApiError code 'timeout'.
   */
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
