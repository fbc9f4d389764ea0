import { createHash } from 'node:crypto'
import { COLOR_SCHEME_SCRIPT } from '../../src/app/color-scheme-script.ts'
import type { ConsoleConfig } from '../config.ts'

// index.html's one inline script, allowed by its hash: any other inline script, injected or not, stays refused.
const INLINE_SCRIPT = `'sha256-${createHash('sha256').update(COLOR_SCHEME_SCRIPT).digest('base64')}'`

// Mantine sets inline style attributes and injects <style> tags, so styles need 'unsafe-inline'; scripts never do
// (but the one above).
// Vite's dev server injects an inline React Refresh preamble, hence the relaxed script-src in dev only.
// 'wasm-unsafe-eval' lets the playground's worker compile its WebAssembly kernel; it allows no JavaScript eval.
function contentSecurityPolicy(dev: boolean): string {
  return [
    "default-src 'self'",
    dev
      ? "script-src 'self' 'wasm-unsafe-eval' 'unsafe-inline'"
      : `script-src 'self' ${INLINE_SCRIPT} 'wasm-unsafe-eval'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** The headers every answer carries; set last, so nothing an upstream sends can replace them. */
export function securityHeaders(config: ConsoleConfig, dev: boolean): [string, string][] {
  const headers: [string, string][] = [
    ['Content-Security-Policy', contentSecurityPolicy(dev)],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'no-referrer'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
  ]
  if (config.publicUrl.startsWith('https:')) headers.push(['Strict-Transport-Security', 'max-age=31536000'])
  return headers
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1'])
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]']

/**
 * Where the console is reached: the host of PUBLIC_URL, plus localhost and 127.0.0.1 on the port a request came in
 * on while the server listens on loopback only. Any other Host is a DNS-rebinding attempt or a misconfiguration.
 * Nothing here is derived from the request's own Host header.
 */
export class ConsoleOrigins {
  private readonly publicUrl: URL
  private readonly loopback: boolean

  constructor(config: ConsoleConfig) {
    this.publicUrl = new URL(config.publicUrl)
    this.loopback = LOOPBACK_HOSTS.has(config.host)
  }

  /** The accepted hosts for a request that arrived on `port`. */
  hosts(port: number | undefined): string[] {
    const hosts = [this.publicUrl.host]
    if (this.loopback && port) hosts.push(...LOOPBACK_NAMES.map((name) => `${name}:${port}`))
    return hosts
  }

  acceptsHost(host: string | undefined, port: number | undefined): boolean {
    return host !== undefined && this.hosts(port).includes(host.toLowerCase())
  }

  acceptsOrigin(origin: string, port: number | undefined): boolean {
    if (origin === this.publicUrl.origin) return true
    return this.loopback && port !== undefined && LOOPBACK_NAMES.some((name) => origin === `http://${name}:${port}`)
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const CSRF_HEADER = 'x-requested-with'
const CSRF_HEADER_VALUE = 'cloud-console'

/**
 * State-changing requests to the console must come from its own pages. A custom header cannot be sent
 * cross-origin without a CORS preflight (which this server never grants), and browsers' Origin and
 * Sec-Fetch-Site headers must agree; SameSite=Strict cookies are the second line. The allowed origins are the
 * configured ones, never derived from the request's own Host.
 */
export function csrfRejection(
  method: string,
  headers: Headers,
  originAllowed: (origin: string) => boolean,
): string | null {
  if (SAFE_METHODS.has(method)) return null
  if (headers.get(CSRF_HEADER) !== CSRF_HEADER_VALUE)
    return `State-changing requests need the header X-Requested-With: ${CSRF_HEADER_VALUE}.`
  const site = headers.get('sec-fetch-site')
  if (site && site !== 'same-origin' && site !== 'none') return 'Cross-site requests are not allowed.'
  const origin = headers.get('origin')
  if (origin && !originAllowed(origin)) return `Requests from ${origin} are not allowed.`
  return null
}
