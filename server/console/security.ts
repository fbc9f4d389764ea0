import type { IncomingMessage, ServerResponse } from 'node:http'

// Mantine sets inline style attributes and injects <style> tags, so styles need 'unsafe-inline'; scripts never do.
// Vite's dev server injects an inline React Refresh preamble, hence the relaxed script-src in dev only.
// 'wasm-unsafe-eval' lets the playground's worker compile its WebAssembly kernel; it allows no JavaScript eval.
export function contentSecurityPolicy(dev: boolean): string {
  return [
    "default-src 'self'",
    dev ? "script-src 'self' 'wasm-unsafe-eval' 'unsafe-inline'" : "script-src 'self' 'wasm-unsafe-eval'",
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

export function setSecurityHeaders(res: ServerResponse, dev: boolean): void {
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(dev))
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'no-referrer')
  res.setHeader('X-Frame-Options', 'DENY')
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
export const CSRF_HEADER = 'x-requested-with'
export const CSRF_HEADER_VALUE = 'cloud-console'

/**
 * State-changing requests to the console must come from its own pages. A custom header cannot be sent
 * cross-origin without a CORS preflight (which this server never grants), and browsers' Origin and
 * Sec-Fetch-Site headers must agree; SameSite=Strict cookies are the second line.
 */
export function csrfRejection(req: IncomingMessage, allowedOrigins: Set<string>): string | null {
  if (SAFE_METHODS.has(req.method ?? 'GET')) return null
  if (req.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE)
    return `State-changing requests need the header X-Requested-With: ${CSRF_HEADER_VALUE}.`
  const site = req.headers['sec-fetch-site']
  if (site && site !== 'same-origin' && site !== 'none') return 'Cross-site requests are not allowed.'
  const origin = req.headers.origin
  if (origin && !allowedOrigins.has(origin)) return `Requests from ${origin} are not allowed.`
  return null
}

/** The console's own origins: the configured public URL and the Host the request came in on. */
export function originsFor(req: IncomingMessage, publicUrl: string): Set<string> {
  const origins = new Set([new URL(publicUrl).origin])
  const host = req.headers.host
  if (host) {
    origins.add(`http://${host}`)
    origins.add(`https://${host}`)
  }
  return origins
}
