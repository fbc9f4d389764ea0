import type { OAuth2Provider } from '../../../api/schemas/oauth2Providers'
import { cellText } from '../../../components/cell-text'
import { ageColumn, nameColumn, statusColumn } from '../../../components/list/columns'
import { ListPage } from '../../../components/list/ListPage'
import { rowDelete } from '../../../components/list/row-delete'
import type { Column } from '../../../components/VirtualTable'
import { listRoute, organizationList, useList } from '../../../lib/list-page'
import { useListRows } from '../../../lib/use-list-rows'
import { paths } from '../../../lib/paths'
import { metadataSearch, metadataSortValue } from '../../../lib/row-keys'
import { oauth2ProviderApi } from '../../../api/oauth2Providers'
import { resources } from '../../../lib/resources'
import { typeLabel } from '../provider-words'

const source = organizationList(resources.oauth2Providers, 'Search name, description or issuer', oauth2ProviderApi.list)

const ROWS = {
  sortable: ['name', 'type', 'status', 'age'],
  sortValue: (provider: OAuth2Provider, key: string) =>
    key === 'type' ? typeLabel(provider.spec.type) : metadataSortValue(provider, key),
  search: (provider: OAuth2Provider) => [...metadataSearch(provider), provider.spec.issuer, provider.spec.clientID],
}

export const { loader, shouldRevalidate, organizationQuery, handle } = listRoute(source)

const remove = rowDelete(
  oauth2ProviderApi.delete,
  (p: OAuth2Provider, organizationID) => ({
    organizationID,
    providerID: p.metadata.id,
  }),
  { consequence: 'People who sign in through them can no longer do so.' },
)

export function Component() {
  const page = useList(source)
  const shown = useListRows(page.all, page.filters, { ...ROWS, context: page.nameById })

  const columns: Column<OAuth2Provider>[] = [
    nameColumn(paths.oauth2Providers.item, ['description']),
    {
      key: 'type',
      header: 'Type',
      sortable: true,
      width: 220,
      visibleFrom: 'md',
      cell: (provider) => <p className={cellText('sm')}>{typeLabel(provider.spec.type)}</p>,
    },
    {
      key: 'issuer',
      header: 'Issuer',
      width: 320,
      // Below 1200 px it gives way to the status, so the names keep their room.
      visibleFrom: 'lg',
      cell: (provider) => (
        <p className={cellText('sm', 'mono')} data-truncate="end">
          {provider.spec.issuer ?? '—'}
        </p>
      ),
    },
    statusColumn({ width: 130 }),
    ageColumn({ header: 'Created', width: 100, visibleFrom: 'lg' }),
  ]

  return (
    <ListPage
      page={page}
      remove={remove}
      description="The organization’s own sign-in services (its Okta, Auth0 or Entra tenant). The organization’s settings choose the one its people sign in through."
      emptyDescription="This organization has no identity provider of its own: its people sign in through a built-in one."
      shown={shown}
      columns={columns}
    />
  )
}
