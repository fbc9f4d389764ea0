// Secrets a write sends and nothing echoes: the body paths an endpoint marks `sensitive`, shown as HIDDEN wherever the
// console repeats a body (the request preview; the console server's log lines and activity log name them by field).

/** What stands in a secret's place. */
export const HIDDEN = '<hidden>'

/** `body` with the value at each of `paths` (`spec.clientSecret`) that holds one replaced by HIDDEN; a copy. */
export function hideSensitive(body: unknown, paths: readonly string[] = []): unknown {
  let shown = body
  for (const path of paths) shown = hideAt(shown, path.split('.'))
  return shown
}

function hideAt(value: unknown, [key, ...rest]: string[]): unknown {
  if (key === undefined || typeof value !== 'object' || value === null || !(key in value)) return value
  const record = value as Record<string, unknown>
  return { ...record, [key]: rest.length ? hideAt(record[key], rest) : HIDDEN }
}

/** The field names of the paths (`clientSecret`), hidden at any depth where only a name is known (a log line). */
export const sensitiveNames = (paths: readonly string[]): string[] => paths.map((path) => path.split('.').at(-1)!)
