// What the console says about a model the embedded local cloud serves with a stand-in (its console configuration
// names each stand-in and the models it serves; against the platform there is none, and nothing of this shows).
// Shared by the catalog, the playground and the overview, which show models; each reads the stand-ins from the
// console configuration here (`embeddingsSourcesQuery`), not in the entry.

import { consoleConfigQuery, type ConsoleConfig, type EmbeddingsSource } from '../api/session'
import { formatNumber } from './format'

/**
 * The stand-ins that serve the embedding models, when the inference service is the embedded local cloud (a stand-in
 * for each); null against the platform, which serves each model itself.
 */
export const embeddingsSourcesQuery = () => ({
  ...consoleConfigQuery(),
  select: (config: ConsoleConfig) => embeddingsSources(config.embeddings),
})

/** The console server's list of stand-ins, each read by hand; one of the wrong shape is left out. */
export function embeddingsSources(value: unknown): EmbeddingsSource[] | null {
  if (!Array.isArray(value)) return null
  return value.flatMap((source: unknown): EmbeddingsSource[] => {
    if (typeof source !== 'object' || source === null) return []
    const { name, traits, dimensions, multilingual, models } = source as Record<string, unknown>
    if (typeof name !== 'string' || typeof traits !== 'string' || typeof multilingual !== 'string') return []
    const named = Array.isArray(models) ? models.filter((model): model is string => typeof model === 'string') : null
    return [
      { name, traits, dimensions: typeof dimensions === 'number' ? dimensions : null, multilingual, models: named },
    ]
  })
}

/** The stand-in that serves a model: the one that names it, else the one that serves the rest; null if none. */
export function sourceOf(
  sources: readonly EmbeddingsSource[] | null | undefined,
  model: string,
): EmbeddingsSource | null {
  if (!sources) return null
  return sources.find((source) => source.models?.includes(model)) ?? sources.find((s) => s.models === null) ?? null
}

/**
 * "Served here by Universal Sentence Encoder lite (English, 512 dimensions, mapped to 1,024), not by this model", or
 * with no size, "… mapped to each model's own)".
 */
export function servedBySentence(source: EmbeddingsSource, dimensions?: number): string {
  return `Served here by ${source.name} (${traitsAndSize(source, dimensions)}), not by this model.`
}

/** The stand-in's traits and how its vectors become the model's size: the answer has the model's, not its own. */
function traitsAndSize(source: EmbeddingsSource, dimensions?: number, model?: string): string {
  const size = dimensions ? formatNumber(dimensions) : model ? `${model}’s own` : 'each model’s own'
  const into =
    source.dimensions === null
      ? `; written straight into ${size} dimensions`
      : source.dimensions === dimensions
        ? ''
        : `, mapped to ${size}`
  return `${source.traits}${into}`
}

/**
 * For a page of models, in one line: "On the embedded local cloud, Universal Sentence Encoder lite stands in for every
 * embedding model", or with several stand-ins, each with the models it serves.
 */
export function servedByAll(sources: readonly EmbeddingsSource[]): string {
  const named = sources.map((source) =>
    sources.length === 1 ? source.name : `${source.name} (${source.models?.join(', ') ?? 'the others'})`,
  )
  const list = named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : (named[0] ?? '')
  return named.length > 1
    ? `On the embedded local cloud, ${list} stand in for the embedding models.`
    : `On the embedded local cloud, ${list} stands in for every embedding model.`
}

/** The same stand-in, said for code that calls a model: a comment a copied sample keeps. */
export const servedByComment = (source: EmbeddingsSource, model: string) =>
  `On the embedded local cloud, ${model} is served by ${source.name} (${traitsAndSize(source, undefined, model)}), not by ${model} itself.`

const MULTILINGUAL = /multi-?lingual|\b\d+\+? languages\b/i

/** Whether a catalog entry claims to understand many languages, in its name or its description. */
export function claimsMultilingual(model: { name: string; description?: string }): boolean {
  return MULTILINGUAL.test(model.name) || MULTILINGUAL.test(model.description ?? '')
}
