import { Text } from './mantine/Text'
import type { EmbeddingsSource } from '../api/session'
import { claimsMultilingual, servedByAll, servedBySentence } from '../lib/embeddings-source'

type ServedByNoteProps =
  | {
      /** One model: what serves it, its size in the sentence, and its multilingual claim answered. */
      source: EmbeddingsSource
      model: { name: string; description?: string; dimensions?: number }
    }
  | {
      /** Every embedding model on the page, with what follows for the page ("Use them to see…"). */
      sources: readonly EmbeddingsSource[]
      children?: string
    }

/**
 * Says what really serves a model the embedded local cloud answers for, where the model is shown: its name and facts
 * are the catalog's, its vectors the stand-in's. One quiet line with a marker, not a block: it is true on every page
 * of the demo, so it must be said without drowning what the page is for. Rendered only when the console's
 * configuration names a stand-in.
 */
export function ServedByNote(props: ServedByNoteProps) {
  // A model that claims many languages: said in a few words on the line, the whole reason on hover.
  const multilingual = 'source' in props && claimsMultilingual(props.model)
  const text =
    'source' in props
      ? [servedBySentence(props.source, props.model.dimensions), multilingual ? 'Not multilingual here.' : '']
      : [servedByAll(props.sources), props.children ?? '']
  return (
    // A note, not an alert: it is what the page is about, not news to announce when a model is picked.
    <Text
      size="xs"
      c="dimmed"
      role="note"
      lh={1.45}
      title={multilingual && 'source' in props ? props.source.multilingual : undefined}
    >
      <Text span size="xs" fw={650} c="var(--mantine-color-orange-light-color)">
        Stand-in
      </Text>
      {' · '}
      {text.filter(Boolean).join(' ')}
    </Text>
  )
}
