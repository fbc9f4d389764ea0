import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { ModelEndpoint } from '../../../api/schemas/aiproxy'
import type { EmbeddingsSource } from '../../../api/session'
import { embeddingsSourcesQuery, servedByAll } from '../../../lib/embeddings-source'
import { paths } from '../../../lib/paths'
import { formatPrice, parsePrice } from '../../../lib/pricing'
import { cheapestModels } from '../overview-data'
import { overviewQueries, overviewServices } from '../overview-queries'
import { Panel } from './Panel'
import { cellLink, cellText } from '../../../components/cell-text'
import lines from './Lines.module.css'
import { StandInMarker } from '../../../components/ServedByNote'

const price = (value: string | undefined) => {
  const parsed = parsePrice(value)
  return parsed ? formatPrice(parsed) : '—'
}

function ModelList({
  title,
  models,
  describe,
  note,
}: {
  title: string
  models: ModelEndpoint[]
  describe: (model: ModelEndpoint) => string
  /** Under the title: what really serves these models, where that is not the models themselves. */
  note?: ReactNode
}) {
  return (
    <div>
      <Text size="sm" fw={600} mb={note ? 0 : 6} id={`cheapest-${title}`}>
        {title}
      </Text>
      {note}
      {models.length === 0 ? (
        <Text size="sm" c="dimmed">
          None with a listed price.
        </Text>
      ) : (
        <ol className={lines.list} aria-labelledby={`cheapest-${title}`}>
          {models.map((model) => (
            <li key={model.id} className={lines.line}>
              <Link
                to={paths.models({ model: model.id })}
                className={cellLink('sm')}
                data-underline="hover"
                data-truncate="end"
              >
                {model.name}
              </Link>
              <span className={`${cellText('xs', 'dimmed')} ${lines.figure}`}>{describe(model)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}

/**
 * What serves the embedding models here, in the quiet line the model pages use: the prices are the catalog's, the
 * vectors a stand-in's. A panel column is narrow (a phone's, or the overview's right one at 1024 px), so the line
 * says that much and its title names the stand-ins and the models each serves.
 */
function StandInNote({ sources }: { sources: readonly EmbeddingsSource[] }) {
  return (
    <Text size="xs" c="dimmed" role="note" lh={1.45} mb={6} title={servedByAll(sources)}>
      <StandInMarker />
      {` · Served by ${sources.length === 1 ? 'a stand-in' : 'stand-ins'} here`}
    </Text>
  )
}

/** The five cheapest models for embeddings (by input price) and for text (input plus output), per 1M tokens. */
export function CheapestModels({ organizationID, enabled }: { organizationID: string; enabled: boolean }) {
  const query = useQuery({ ...overviewQueries.models(organizationID), enabled })
  const sources = useQuery(embeddingsSourcesQuery()).data
  return (
    <Panel
      title="Cheapest models"
      aside={
        <Text size="xs" c="dimmed">
          USD per 1M tokens
        </Text>
      }
      queries={[query]}
      services={[overviewServices.models]}
      notOffered="This platform does not list models."
      lines={5}
    >
      {() => {
        const { embeddings, text } = cheapestModels(query.data ?? [])
        return (
          <Stack gap="md">
            <ModelList
              title="Embeddings"
              models={embeddings}
              describe={(m) => price(m.input_price_per_million)}
              note={sources?.length ? <StandInNote sources={sources} /> : undefined}
            />
            <ModelList
              title="Text"
              models={text}
              describe={(m) => `${price(m.input_price_per_million)} in · ${price(m.output_price_per_million)} out`}
            />
          </Stack>
        )
      }}
    </Panel>
  )
}
