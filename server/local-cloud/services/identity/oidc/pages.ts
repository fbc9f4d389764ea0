import { fontFamily, iris, schemes, type SchemeTokens } from '../../../../../src/lib/design-tokens.ts'
import { DEMO_PEOPLE } from '../../../demo/people.ts'

// The console's Content-Security-Policy allows no inline script, so these pages are plain forms with an external
// stylesheet; they work with JavaScript off.

/** Where the sign-in stylesheet finds the text font (provider.ts serves the package's file there). */
export const SIGN_IN_FONT = '/inter.woff2'

const schemeVariables = (t: SchemeTokens) =>
  `--bg: ${t.page}; --surface: ${t.surface}; --text: ${t.text}; --muted: ${t.muted}; --border: ${t.line};
  --accent: ${t.accent}; --accent-tint: ${t.accentTint}; --accent-text: ${t.accentText}; --error: ${t.error};`

/** The console's tokens and type (src/lib/design-tokens.ts), so this page reads as the same product. */
export function signInCss(fontHref: string): string {
  return `
@font-face { font-family: "Inter Variable"; font-style: normal; font-display: swap; font-weight: 100 900;
  src: url("${fontHref}") format("woff2-variations"); }
:root { color-scheme: light dark; ${schemeVariables(schemes.light)}
  font-family: ${fontFamily}; font-size: 15px; }
@media (prefers-color-scheme: dark) {
  :root { ${schemeVariables(schemes.dark)} }
}
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--text);
  line-height: 1.5; }
main { box-sizing: border-box; width: min(30rem, calc(100vw - 2rem)); margin: 1rem 0; background: var(--surface);
  border: 1px solid var(--border); border-radius: 12px; padding: 2rem; box-shadow: 0 1px 3px rgba(0, 0, 0, 0.08); }
.mark { display: block; width: 2.25rem; height: 2.25rem; margin-bottom: 1rem; }
h1 { font-size: 1.375rem; font-weight: 650; line-height: 1.3; margin: 0 0 0.25rem; }
p { margin: 0 0 1.5rem; color: var(--muted); }
ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.75rem; }
button { box-sizing: border-box; width: 100%; display: grid; grid-template-columns: 2.5rem minmax(0, 1fr);
  gap: 0 0.875rem; align-items: center; text-align: left; font: inherit; color: inherit; background: var(--surface);
  border: 1px solid var(--border); border-radius: 8px; padding: 0.75rem 1rem; cursor: pointer; }
button:hover { border-color: var(--accent); background: var(--accent-tint); }
button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.avatar { grid-row: span 3; width: 2.5rem; height: 2.5rem; border-radius: 50%; background: var(--accent-tint);
  color: var(--accent-text); display: grid; place-items: center; font-weight: 600; }
.name { font-weight: 600; }
.email, .role { font-size: 0.875rem; color: var(--muted); overflow-wrap: anywhere; }
.note { margin: 1.5rem 0 0; font-size: 0.8125rem; }
.error { color: var(--error); }
@media (max-width: 30rem) {
  body { place-items: start center; }
  main { width: calc(100vw - 1.5rem); padding: 1.25rem; }
  button { padding: 0.625rem 0.75rem; }
}
`
}

function escape(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )
}

// The console's mark (src/app/shell/Logo.tsx), so the page reads as the same product in both schemes.
const MARK = `<svg class="mark" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="${iris[7]}"/>\
<path d="M9 19.5a4.5 4.5 0 0 1 .9-8.9 6 6 0 0 1 11.5 1.6A3.7 3.7 0 0 1 22.8 19.5Z" fill="#fff"/>\
<path d="M10 23.5h12" stroke="${iris[2]}" stroke-width="2" stroke-linecap="round"/></svg>`

function page(title: string, cssHref: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<link rel="stylesheet" href="${escape(cssHref)}">
</head>
<body>
<main>
${MARK}
${body}
</main>
</body>
</html>`
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase()
}

/** The provider's sign-in page: one button per demo person; choosing one signs in as them. */
export function signInPage(options: { action: string; cssHref: string; clientName: string }): string {
  const people = DEMO_PEOPLE.map(
    (person) => `<li><button type="submit" name="email" value="${escape(person.email)}">
<span class="avatar" aria-hidden="true">${escape(initials(person.name))}</span>
<span class="name">${escape(person.name)}</span>
<span class="email">${escape(person.email)}</span>
<span class="role">${escape(person.organizationName)} · ${escape(person.role)}</span>
</button></li>`,
  ).join('\n')
  return page(
    'Sign in · Local cloud',
    options.cssHref,
    `<h1>Sign in to the local cloud</h1>
<p>${escape(options.clientName)} asks who you are. Choose a demo person; the local cloud needs no password.</p>
<form method="post" action="${escape(options.action)}">
<ul aria-label="Demo people">
${people}
</ul>
</form>
<p class="note">These people are in the local cloud's demo data. On the real platform this page is the platform's own sign-in.</p>`,
  )
}

export function errorPage(cssHref: string, title: string, description: string): string {
  return page(
    `${title} · Local cloud`,
    cssHref,
    `<h1>${escape(title)}</h1>
<p class="error">${escape(description)}</p>
<p>Go back to the console and sign in again.</p>`,
  )
}
