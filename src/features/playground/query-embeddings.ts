// Queries are embedded by the model of the run they search, with the run's dimensions, so they share its space.

import { createEmbeddings } from '../../api/embeddings'
import type { Run } from './runs'
import { isWordOverlap, WORD_OVERLAP_DIMENSIONS, wordOverlapVectors } from './word-overlap'

/** One vector per text, in order: one request for all of them. */
export async function embedQueries(run: Pick<Run, 'model' | 'requestedDimensions'>, texts: string[]) {
  if (isWordOverlap(run.model)) {
    const vectors = wordOverlapVectors(texts)
    return texts.map((_, i) => vectors.slice(i * WORD_OVERLAP_DIMENSIONS, (i + 1) * WORD_OVERLAP_DIMENSIONS))
  }
  const answer = await createEmbeddings({
    model: run.model,
    input: texts,
    ...(run.requestedDimensions !== null ? { dimensions: run.requestedDimensions } : {}),
  })
  const byIndex = [...answer.data].sort((x, y) => x.index - y.index)
  if (byIndex.length !== texts.length)
    throw new Error(`The answer has ${byIndex.length} vectors for ${texts.length} queries.`)
  return byIndex.map((item) => Float32Array.from(item.embedding))
}
