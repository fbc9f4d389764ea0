import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// `npm ci` warns (EBADENGINE) for each installed package whose `engines.node` leaves out the Node it runs on. The
// README names Node 20.19+, and openai 7 and OpenTelemetry 3 had moved to Node 22 (issue 53).

/** Whether `version` (x.y.z) is in an npm `engines` range, in the forms the lock file's packages write them. */
function satisfies(version: string, range: string): boolean {
  const [major, minor, patch] = version.split('.').map(Number) as [number, number, number]
  const compare = (parts: number[]) =>
    Math.sign(major - (parts[0] ?? 0)) || Math.sign(minor - (parts[1] ?? 0)) || Math.sign(patch - (parts[2] ?? 0))
  const meets = (comparator: string): boolean => {
    const found = /^(>=|<=|>|<|=|\^|~)?v?(\d+|\*|x)?(?:\.(\d+|\*|x))?(?:\.(\d+|\*|x))?/.exec(comparator)
    if (!found || found[2] === undefined || found[2] === '*' || found[2] === 'x') return true
    const op = found[1] ?? '='
    const given = found
      .slice(2)
      .filter((part) => part !== undefined && part !== '*' && part !== 'x')
      .map(Number)
    const order = compare(given)
    const samePrefix = (count: number) => given.slice(0, count).every((part, i) => part === [major, minor, patch][i])
    switch (op) {
      case '>=':
        return order >= 0
      case '>':
        return order > 0
      case '<=':
        return order <= 0
      case '<':
        return order < 0
      case '^':
        return order >= 0 && samePrefix(given[0] === 0 ? 2 : 1)
      case '~':
        return order >= 0 && samePrefix(Math.min(given.length, 2))
      default:
        return samePrefix(given.length)
    }
  }
  return range.split('||').some((set) =>
    set
      .trim()
      .replace(/(>=|<=|>|<|=)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean)
      .every(meets),
  )
}

describe('a range from engines', () => {
  it.each([
    ['20.19.0', '>=20', true],
    ['20.19.0', '>=22.0.0', false],
    ['20.19.0', '^18.19.0 || >=20.6.0', true],
    ['20.19.0', '>=22.15.0', false],
    ['20.19.0', '^20.19.0 || ^22.12.0 || >=24.0.0', true],
    ['20.18.1', '^20.19.0 || >=22.12.0', false],
    ['20.19.0', '6.* || 8.* || >= 10.*', true],
    ['20.19.0', '>=16 || 14 >=14.17', true],
    ['20.19.0', '18 || 20 || >=22', true],
    ['20.19.0', '*', true],
  ])('%s in %s: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected)
  })
})

describe('a clean install', () => {
  const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as {
    packages: Record<string, { engines?: { node?: string } | string[] }>
  }
  const engines = (
    JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      engines: { node: string }
    }
  ).engines.node

  // The oldest Node the project names, and the one running the tests.
  for (const version of ['20.19.0', process.versions.node])
    it(`installs only packages whose engines take Node ${version}`, () => {
      expect(satisfies(version, engines)).toBe(true)
      const refusing = Object.entries(lock.packages).flatMap(([path, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node
        return range && !satisfies(version, range) ? [`${path.replace(/^node_modules\//, '')}: ${range}`] : []
      })
      expect(refusing).toEqual([])
    })
})
