import { Button, Group } from '@mantine/core'
import type { ReactNode } from 'react'
import type { SetURLSearchParams } from 'react-router'
import { isNotOffered } from '../../api/errors'
import type { SortState } from '../../lib/sort'
import { EmptyState } from '../EmptyState'
import { ListResults } from '../ListResults'
import { PageHeader } from '../PageHeader'
import { SearchField } from '../SearchField'
import type { Column } from '../VirtualTable'
import { createVerb, type Resource } from '../../lib/resources'
import { CreateButton } from './CreateButton'
import { listCopy } from './list-copy'

type IdentityListPageProps<T> = OwnFilters & {
  /** What useIdentityList returned: the resource and search words, the URL state, the list query and the rows. */
  page: {
    resource: Resource
    searchPlaceholder: string
    organizationID: string
    params: URLSearchParams
    setParams: SetURLSearchParams
    setParam: (key: string, values: string[]) => void
    searchText: string
    sort: SortState
    list: { isPending: boolean; error: Error | null; refetch: () => Promise<unknown> }
    all: readonly T[]
    rows: T[]
  }
  description: string
  /** Above the filters: the service accounts' expiry warning. */
  notice?: ReactNode
  /** On a platform whose identity service offers no such list, what else still works without it. */
  notListedHint?: string
  /** Why nothing exists yet (the create button follows, where there is one). */
  emptyDescription: string
  columns: Column<T>[]
}

/** The page's own filters beside search, whether any of them is set, and the no-match sentence that names them. */
type OwnFilters =
  | { extraFilters?: undefined; extraFiltered?: undefined; noMatchDescription?: undefined }
  | { extraFilters: ReactNode; extraFiltered: boolean; noMatchDescription: string }

/** An identity list page (users, service accounts, projects, groups): header, search and browser-side results. */
export function IdentityListPage<T extends { metadata: { id: string } }>(props: IdentityListPageProps<T>) {
  const { page } = props
  const { resource, list } = page
  const copy = listCopy(resource)
  // Undefined, not an empty element, where there is no form: the header and the empty state keep no room for it.
  const createButton = resource.create ? <CreateButton resource={resource} /> : undefined
  // With search the only filter, the way back clears the search.
  const noMatch =
    props.extraFilters === undefined
      ? { title: copy.noneMatch, description: 'Nothing matches the search.', clearLabel: 'Clear search' }
      : { title: copy.noneMatch, description: props.noMatchDescription }
  const unavailable = isNotOffered(list.error) ? (
    <EmptyState
      title={copy.notListed}
      description={[copy.notListedHelp(resource.create && createVerb(resource)), props.notListedHint]
        .filter(Boolean)
        .join(' ')}
      action={createButton}
    />
  ) : list.error ? (
    <EmptyState
      kind="error"
      title={`${copy.title} could not be loaded`}
      description={list.error.message}
      action={
        <Button variant="light" onClick={() => void list.refetch()}>
          Try again
        </Button>
      }
    />
  ) : undefined
  return (
    <>
      <PageHeader title={copy.title} description={props.description} actions={createButton} />
      {props.notice}
      <Group gap="md" mb="md" align="center" wrap="wrap">
        <SearchField
          value={page.searchText}
          onChange={(value) => page.setParam('q', [value])}
          placeholder={page.searchPlaceholder}
        />
        {props.extraFilters}
      </Group>
      <ListResults
        label={copy.title}
        noun={resource.noun}
        rows={page.rows}
        total={page.all.length}
        filtered={page.searchText !== '' || Boolean(props.extraFiltered)}
        loading={list.isPending && Boolean(page.organizationID)}
        pending={list.isPending}
        unavailable={unavailable}
        empty={{
          title: copy.noneYet(Boolean(resource.create)),
          description: props.emptyDescription,
          action: resource.create && <CreateButton resource={resource} refused="reason" />,
        }}
        noMatch={noMatch}
        columns={props.columns}
        rowKey={(row) => row.metadata.id}
        sort={page.sort}
        params={page.params}
        setParams={page.setParams}
        rowHeight={56}
      />
    </>
  )
}
