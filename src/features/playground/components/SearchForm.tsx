import { Button } from '../../../components/mantine/Button'
import { Group } from '../../../components/mantine/Group'
import { TextInput } from '../../../components/mantine/TextInput'
import type { Failure } from '../failure'
import { FailureAlert } from './FailureAlert'

interface SearchFormProps {
  label: string
  query: string
  onQuery: (query: string) => void
  onSearch: () => void
  searching: boolean
  /** False until the vectors to search are ready. */
  ready: boolean
  failure: Failure | null
}

/** The query box of a playground search, with the reason the last search failed. */
export function SearchForm({ label, query, onQuery, onSearch, searching, ready, failure }: SearchFormProps) {
  return (
    <>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          onSearch()
        }}
      >
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={label}
            placeholder="e.g. a sleepy cat"
            value={query}
            onChange={(event) => onQuery(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={searching} disabled={!query.trim() || !ready}>
            Search
          </Button>
        </Group>
      </form>
      {failure !== null && <FailureAlert failure={failure} mt="sm" />}
    </>
  )
}
