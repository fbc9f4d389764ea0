import type { Context } from 'hono'
import type { Store } from '../../platform/store/store.ts'
import { consoleLog, sessionInstance } from './instance-access.ts'

/**
 * The page a console session's URL opens. On the platform it is the compute host's VNC console; the local cloud
 * runs no machine, so its page says so and shows the boot log as the serial console prints it, refreshing itself
 * while it is open. No script, no input: there is nothing to type into.
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

/** Terminal control characters are shown as the caret notation a terminal's `cat -v` uses, never acted on. */
const visible = (text: string) =>
  // eslint-disable-next-line no-control-regex
  text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, (c) =>
    c === '\u007f' ? '^?' : `^${String.fromCharCode(c.charCodeAt(0) + 64)}`,
  )

function page(title: string, body: string, refresh: boolean): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${refresh ? '<meta http-equiv="refresh" content="5">' : ''}
<title>${escapeHtml(title)}</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #0b0d10; color: #e6e6e6; }
  header { padding: 12px 20px; background: #1b1f24; border-bottom: 1px solid #30363d; }
  h1 { font-size: 18px; margin: 0 0 4px; }
  p { margin: 0; color: #c9d1d9; }
  pre { margin: 0; padding: 16px 20px; font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
        white-space: pre-wrap; overflow-wrap: anywhere; color: #d0f0c0; }
</style>
</head>
<body>
${body}
</body>
</html>
`
}

const HTML_HEADERS = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }

export function consolePage(store: Store, provisionMs: number) {
  return (c: Context) => {
    const now = Date.now()
    const instance = store.instances.get(sessionInstance(c.req.param('token') ?? '', now) ?? '')
    if (!instance || instance.meta.goneAt !== undefined) {
      const body = `<main><header><h1>Console session ended</h1><p>This console link has expired or its instance is gone. Open the console again from the instance's page.</p></header></main>`
      return c.body(page('Console session ended', body, false), 404, HTML_HEADERS)
    }
    const name = escapeHtml(instance.meta.name)
    const log = consoleLog(store, instance, now, provisionMs)
    const body = `<header><h1>Console of ${name} (local cloud)</h1>
<p>The local cloud runs no machine behind this instance, so there is no screen or keyboard to connect to. This is the instance's boot log as its serial console would print it; it refreshes every 5 seconds.</p></header>
<main><pre aria-label="Boot log of ${name}">${escapeHtml(visible(log))}</pre></main>`
    return c.body(page(`Console of ${instance.meta.name}`, body, true), 200, HTML_HEADERS)
  }
}
