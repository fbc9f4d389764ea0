import type { ModelEndpoint as ApiModelEntry } from '../../api/schemas/aiproxy'

/**
 * A catalog entry as the API module reads it. Embedding models of some backends (the local cloud among them) also
 * say their native vector size in `embedding_dimensions`; the schema keeps unknown fields, so it is read here.
 */
export type ModelEntry = ApiModelEntry

export function embeddingDimensions(model: ModelEntry): number | undefined {
  const value = model.embedding_dimensions
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined
}

export const isEmbeddingModel = (model: Pick<ModelEntry, 'model_type'>) => model.model_type === 'Embedding'
