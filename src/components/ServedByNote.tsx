import { useState, type ReactNode } from 'react'
import { Text } from './mantine/Text'
import { Popover } from './mantine/Popover'
import { UnstyledButton } from './mantine/UnstyledButton'
import type { EmbeddingsSource } from '../api/session'
import { claimsMultilingual, servedByAll, servedBySentence } from '../lib/embeddings-source'
import classes from './ServedByNote.module.css'

type ServedByNoteProps =
  | {
      /** One model: what serves it on the line; its size, and its multilingual claim answered, one click away. */
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
 * of the demo, so it must be said without drowning what the page is for. For one model the line names the stand-in,
 * and its marker opens the rest (the vectors' size, a multilingual claim it cannot meet): said whole, that took two
 * lines of a narrow column. Rendered only when the console's configuration names a stand-in.
 */
export function ServedByNote(props: ServedByNoteProps) {
  if (!('source' in props))
    return (
      <Note marker={<StandInMarker />}>
        {[servedByAll(props.sources), props.children ?? ''].filter(Boolean).join(' ')}
      </Note>
    )
  return (
    <Note marker={<Details source={props.source} model={props.model} />}>
      {`${props.source.name} serves this model here.`}
    </Note>
  )
}

// A note, not an alert: it is what the page is about, not news to announce when a model is picked.
function Note({ marker, children }: { marker: ReactNode; children: string }) {
  return (
    <Text size="xs" c="dimmed" role="note" lh={1.45}>
      {marker}
      {' · '}
      {children}
    </Text>
  )
}

/** The word that marks what a stand-in serves, wherever a page says so. */
export function StandInMarker() {
  return (
    <Text span size="xs" fw={650} c="var(--mantine-color-orange-light-color)">
      Stand-in
    </Text>
  )
}

function Details({
  source,
  model,
}: {
  source: EmbeddingsSource
  model: { name: string; description?: string; dimensions?: number }
}) {
  const [opened, setOpened] = useState(false)
  const multilingual = claimsMultilingual(model)
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withArrow shadow="md" width={340}>
      <Popover.Target>
        <UnstyledButton
          className={classes.trigger}
          aria-label="Stand-in: what serves this model here"
          onClick={() => setOpened((was) => !was)}
          // The dropdown closes on Escape from inside it; the focus stays here, on its marker.
          onKeyDown={(event) => event.key === 'Escape' && opened && (event.stopPropagation(), setOpened(false))}
        >
          <StandInMarker />
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm">{servedBySentence(source, model.dimensions)}</Text>
        {multilingual && (
          <Text size="sm" mt="xs">
            {source.multilingual}
          </Text>
        )}
      </Popover.Dropdown>
    </Popover>
  )
}
