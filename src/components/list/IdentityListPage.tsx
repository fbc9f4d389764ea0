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
import { CreateButton, type CreateLink } from './CreateButton'

interface IdentityListPageProps<T> {
  /** What useIdentityList returned: the URL state, the list query and the rows left after search and filters. */
  page: {
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
  title: string
  description: string
  /** The create form: the header's button and the empty state's. Groups have none: the platform manages them. */
  create?: CreateLink
  /** Above the filters: the service accounts' expiry warning. */
  notice?: ReactNode
  searchPlaceholder: string
  /** The page's own filters beside search, and whether any of them is set. */
  extraFilters?: ReactNode
  extraFiltered?: boolean
  /** What the table's count line counts (the title names the table, and is what "could not be loaded"). */
  noun: readonly [string, string]
  /** A platform whose identity service offers no such list; `create` says whether the create button still helps. */
  notOffered: { title: string; description: string; create?: boolean }
  empty: { title: string; description: string }
  noMatch: { title: string; description: ReactNode; clearLabel?: string }
  columns: Column<T>[]
}

/** An identity list page (users, service accounts, projects, groups): header, search and browser-side results. */
export function IdentityListPage<T extends { metadata: { id: string } }>(props: IdentityListPageProps<T>) {
  const { page, create } = props
  const { list } = page
  const createButton = create && <CreateButton {...create} />
  const unavailable = isNotOffered(list.error) ? (
    <EmptyState
      title={props.notOffered.title}
      description={props.notOffered.description}
      action={props.notOffered.create ? createButton : undefined}
    />
  ) : list.error ? (
    <EmptyState
      title={`${props.title} could not be loaded`}
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
      <PageHeader title={props.title} description={props.description} actions={createButton} />
      {props.notice}
      <Group gap="md" mb="md" align="center" wrap="wrap">
        <SearchField
          value={page.searchText}
          onChange={(value) => page.setParam('q', [value])}
          placeholder={props.searchPlaceholder}
        />
        {props.extraFilters}
      </Group>
      <ListResults
        label={props.title}
        noun={props.noun}
        rows={page.rows}
        total={page.all.length}
        filtered={page.searchText !== '' || Boolean(props.extraFiltered)}
        loading={list.isPending && Boolean(page.organizationID)}
        pending={list.isPending}
        unavailable={unavailable}
        empty={{ ...props.empty, action: createButton }}
        noMatch={props.noMatch}
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
