import type { SshCertificateAuthority } from '../../../api/sshCertificateAuthorities'
import { sshCertificateAuthorityApi } from '../../../api/sshCertificateAuthorities'
import { CodeCell } from '../../../components/CodeCell'
import { rowDelete } from '../../../components/list/row-delete'
import { ListPage } from '../../../components/list/ListPage'
import { nameColumn } from '../../../components/list/columns'
import { projectScopeColumns } from '../../../components/list/regional-columns'
import type { Column } from '../../../components/VirtualTable'
import { listRoute, regionalFilters, regionalList, useList } from '../../../lib/list-page'
import { paths } from '../../../lib/paths'
import { resources } from '../../../lib/resources'
import { metadataSearch, metadataSortValue } from '../../../lib/row-keys'
import { useListRows } from '../../../lib/use-list-rows'

const SORTABLE = ['name', 'status', 'age'] as const

const source = regionalList(
  resources.sshCertificateAuthorities,
  'Search name, id, key or tag',
  regionalFilters(sshCertificateAuthorityApi.list),
)

export const { loader, shouldRevalidate, organizationQuery, handle } = listRoute(source)

const remove = rowDelete(sshCertificateAuthorityApi.delete, (ca: SshCertificateAuthority) => ({
  sshCertificateAuthorityID: ca.metadata.id,
}))

const search = (ca: SshCertificateAuthority) => [...metadataSearch(ca), ca.spec.publicKey]

/** The key's type and the end of its data: enough to tell two CAs apart at a glance. */
const keyGlance = (publicKey: string) => {
  const [type = '', data = ''] = publicKey.split(/\s+/)
  return `${type} …${data.replace(/=+$/, '').slice(-12)}`
}

export function Component() {
  const page = useList(source)
  const shown = useListRows(page.all, page.filters, {
    sortable: SORTABLE,
    search,
    sortValue: metadataSortValue,
    context: undefined,
  })
  const columns: Column<SshCertificateAuthority>[] = [
    nameColumn(paths.sshCertificateAuthorities.item, ['tags']),
    {
      key: 'key',
      header: 'Public key',
      width: 260,
      visibleFrom: 'md',
      cell: (ca) => <CodeCell>{keyGlance(ca.spec.publicKey)}</CodeCell>,
    },
    ...projectScopeColumns(page.names),
  ]
  return (
    <ListPage
      page={page}
      description="OpenSSH user certificate authorities: instances created to trust one accept the certificates it signs."
      emptyDescription="Add your CA's public key, then choose it when you create an instance: people sign in with certificates the CA signs, and no key is handed out."
      shown={shown}
      columns={columns}
      remove={remove}
    />
  )
}
