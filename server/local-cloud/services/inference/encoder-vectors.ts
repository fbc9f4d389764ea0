// The default vectors: the sentence encoder's (sentence-encoder.ts), mapped into each model's native dimensions
// (native-map.ts).

import { nativeMap, type NativeMap } from './native-map.ts'
import type { SentenceEncoder } from './sentence-encoder.ts'
import { decodeTokens } from './tokens.ts'
import type { EmbeddingInput } from './validate.ts'
import type { Vectorize } from './vectorize.ts'

// Token ids embed as the text they encode, so a tokenised input matches its text; ids that are only part of a
// character (no text of their own) embed as their numbers.
function textOf(input: EmbeddingInput): string {
  if (input.kind === 'text') return input.text
  const text = decodeTokens(input.ids)
  return text.length > 0 ? text : input.ids.join(' ')
}

export function encoderVectors(encoder: SentenceEncoder): Vectorize {
  const maps = new Map<string, NativeMap>()
  return async (inputs, model, signal) => {
    const key = `${model.id} ${model.dims}`
    let map = maps.get(key)
    if (!map) {
      map = nativeMap(model.id, encoder.dims, model.dims)
      maps.set(key, map)
    }
    const vectors = await encoder.embed(inputs.map(textOf), signal)
    return vectors.map(map)
  }
}
