import { DEMO_PEOPLE } from '../../../demo/people.ts'

// The console's Content-Security-Policy allows no inline script, so these pages are plain forms with an external
// stylesheet; they work with JavaScript off.

export const SIGN_IN_CSS = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f1f3f5; color: #212529; }
main { width: min(30rem, calc(100vw - 2rem)); background: #fff; border: 1px solid #dee2e6; border-radius: 8px;
  padding: 2rem; box-shadow: 0 1px 3px rgba(0, 0, 0, 0.06); }
h1 { font-size: 1.375rem; margin: 0 0 0.25rem; }
p { margin: 0 0 1.5rem; color: #495057; line-height: 1.5; }
ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.75rem; }
button { width: 100%; display: grid; grid-template-columns: 2.5rem 1fr; gap: 0 0.875rem; align-items: center;
  text-align: left; font: inherit; color: inherit; background: #fff; border: 1px solid #ced4da; border-radius: 6px;
  padding: 0.75rem 1rem; cursor: pointer; }
button:hover { border-color: #228be6; background: #f8fbff; }
button:focus-visible { outline: 2px solid #228be6; outline-offset: 2px; }
.avatar { grid-row: span 3; width: 2.5rem; height: 2.5rem; border-radius: 50%; background: #e7f5ff; color: #1971c2;
  display: grid; place-items: center; font-weight: 600; }
.name { font-weight: 600; }
.email, .role { font-size: 0.875rem; color: #495057; }
.note { margin: 1.5rem 0 0; font-size: 0.8125rem; color: #6c757d; }
.error { color: #c92a2a; }
`

function escape(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )
}

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
