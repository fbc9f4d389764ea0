// What the console says about a model the embedded local cloud serves with a stand-in (its console configuration
// names the stand-in; against the platform there is none, and nothing of this shows). Shared by the catalog and the
// playground, which show models.

import type { EmbeddingsSource } from '../api/session'
import { formatNumber } from './format'

const ALL = 'every embedding model'

/**
 * "On the embedded local cloud every embedding model is served by Universal Sentence Encoder lite (English, 512
 * dimensions, mapped to each model's own)", or for one model of `dimensions`, "… this model is served by … mapped
 * to 1,024)".
 */
export function servedBySentence(source: EmbeddingsSource, dimensions?: number): string {
  const size = dimensions ? formatNumber(dimensions) : 'each model’s own'
  const into =
    source.dimensions === null
      ? `; written straight into ${size} dimensions`
      : source.dimensions === dimensions
        ? ''
        : `, mapped to ${size}`
  const who = dimensions ? 'this model is' : `${ALL} is`
  return `On the embedded local cloud ${who} served by ${source.name} (${source.traits}${into}).`
}

/** The same stand-in, said for code that calls a model: a comment a copied sample keeps. */
export const servedByComment = (source: EmbeddingsSource, model: string) =>
  `On the embedded local cloud, ${model} is served by ${source.name} (${source.traits}), not by ${model} itself.`

const MULTILINGUAL = /multi-?lingual|\b\d+\+? languages\b/i

/** Whether a catalog entry claims to understand many languages, in its name or its description. */
export function claimsMultilingual(model: { name: string; description?: string }): boolean {
  return MULTILINGUAL.test(model.name) || MULTILINGUAL.test(model.description ?? '')
}
