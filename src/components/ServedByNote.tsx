import { Alert } from './mantine/Alert'
import { Text } from './mantine/Text'
import type { EmbeddingsSource } from '../api/session'
import { claimsMultilingual, servedBySentence } from '../lib/embeddings-source'

interface ServedByNoteProps {
  source: EmbeddingsSource
  /** One model: its size in the sentence, and its multilingual claim answered; none: every embedding model. */
  model?: { name: string; description?: string; dimensions?: number }
  /** After the sentence: what follows for the page ("Use it to see how embeddings behave…"). */
  children?: string
}

/**
 * Says what really serves a model the embedded local cloud answers for, where the model is shown: its name and facts
 * are the catalog's, its vectors the stand-in's. Rendered only when the console's configuration names a stand-in.
 */
export function ServedByNote({ source, model, children }: ServedByNoteProps) {
  return (
    // A note, not an alert: it is what the page is about, not news to announce when a model is picked.
    <Alert
      color="amber"
      variant="light"
      title={model ? 'Not the model itself' : 'Not the models themselves'}
      p="sm"
      role="note"
    >
      <Text size="sm">
        {servedBySentence(source, model?.dimensions)}
        {children ? ` ${children}` : ''}
      </Text>
      {model && claimsMultilingual(model) && (
        <Text size="sm" mt={4}>
          {source.multilingual}
        </Text>
      )}
    </Alert>
  )
}
