// Reading /metrics as Prometheus would over a window: two scrapes, a counter's increase between them, and a histogram's
// quantile from its buckets' increase (histogram_quantile's linear interpolation within the bucket).

/** One scrape: each sample's value by its name and labels as written (`name{a="b"}`). */
export type Scrape = Map<string, number>

export function parseScrape(text: string): Scrape {
  const samples: Scrape = new Map()
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue
    const at = line.lastIndexOf(' ')
    samples.set(line.slice(0, at), Number(line.slice(at + 1)))
  }
  return samples
}

const labelsOf = (key: string) =>
  Object.fromEntries([...key.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, name, value]) => [name!, value!]))
const nameOf = (key: string) => key.split('{', 1)[0]!

/** The increase of every sample of `name` whose labels include `match`, summed; undefined when there is none. */
export function increase(before: Scrape, after: Scrape, name: string, match: Record<string, string> = {}) {
  let total: number | undefined
  for (const [key, value] of after) {
    if (nameOf(key) !== name) continue
    const labels = labelsOf(key)
    if (Object.entries(match).some(([label, wanted]) => labels[label] !== wanted)) continue
    total = (total ?? 0) + value - (before.get(key) ?? 0)
  }
  return total
}

/**
 * The q-quantile of histogram `name` over the window, its series summed (every upstream, say); undefined when the
 * histogram is not exported, NaN when nothing was observed.
 */
export function quantile(before: Scrape, after: Scrape, name: string, q: number): number | undefined {
  const buckets = new Map<number, number>()
  for (const [key, value] of after) {
    if (nameOf(key) !== `${name}_bucket`) continue
    const le = Number(labelsOf(key).le === '+Inf' ? Infinity : labelsOf(key).le)
    buckets.set(le, (buckets.get(le) ?? 0) + value - (before.get(key) ?? 0))
  }
  if (!buckets.size) return undefined
  const bounds = [...buckets.keys()].sort((a, b) => a - b)
  const total = buckets.get(Infinity) ?? 0
  if (total === 0) return NaN
  const rank = q * total
  let lower = 0
  let below = 0
  for (const bound of bounds) {
    const count = buckets.get(bound)!
    if (count >= rank) {
      if (bound === Infinity) return lower
      return lower + ((bound - lower) * (rank - below)) / Math.max(1e-12, count - below)
    }
    lower = bound
    below = count
  }
  return lower
}
