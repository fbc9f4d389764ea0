import { Anchor } from '../../../components/mantine/Anchor'
import { readQuery } from '../../../api/read'
import { securityGroupReads } from '../security-group-reads'
import { Group } from '../../../components/mantine/Group'
import { Paper } from '../../../components/mantine/Paper'
import { Text } from '../../../components/mantine/Text'
import { SearchField } from '../../../components/SearchField'
import { Title } from '../../../components/mantine/Title'
import { useQuery } from '@tanstack/react-query'
import { useDeferredValue, useMemo } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { isNotOffered } from '../../../api/errors'

import type { Instance } from '../../../api/schemas/regional'

import { CopyableId } from '../../../components/CopyableId'
import { DeleteResourceButton } from '../../../components/DeleteResourceButton'
import { DetailPage } from '../../../components/DetailPage'
import { statusHeading } from '../../../components/detail/status-heading'
import { RelativeTime } from '../../../components/RelativeTime'
import { TagList } from '../../../components/TagList'
import { matchesSearch } from '../../../lib/list-filters'
import { paths } from '../../../lib/paths'
import { browserSideSearch, resourceRoute } from '../../../lib/route-module'
import { RulesTable, type NumberedRule } from '../components/RulesTable'
import { nameCrumb } from '../../../components/NameCrumb'
import { describeRule, isOpenToWorld } from '../rules'
import { m } from '../../../api/endpoint'
import { securityGroupApi } from '../../../api/securityGroups'
import { formatCount } from '../../../lib/format'
import { resources } from '../../../lib/resources'
import { useRegionalItem } from '../../../lib/use-regional-item'
import { stateItems } from '../../../components/detail/state-items'
import { useNames } from '../../../lib/use-names'

const usersOf = (securityGroupId: string) => (instances: Instance[]) =>
  instances.filter((instance) => instance.spec.networking?.securityGroups?.includes(securityGroupId))

export const { loader } = resourceRoute(async (queryClient, params) => {
  const group = await queryClient.ensureQueryData(readQuery(securityGroupReads.item(params.securityGroupId!)))
  const related = securityGroupReads.related(group)
  // Secondary data: prefetched so the page does not shift as it arrives, but a failure only degrades its section.
  await Promise.all([
    queryClient.prefetchQuery(readQuery(related.network)),
    queryClient.prefetchQuery(readQuery(related.instances)),
  ])
})

// The rule search lives in the URL but is browser-side.
export const shouldRevalidate = browserSideSearch()

export const handle = nameCrumb(securityGroupApi.detail, 'securityGroupId', (securityGroupID) => ({ securityGroupID }))

export function Component() {
  const securityGroupId = useParams().securityGroupId!
  const [params, setParams] = useSearchParams()
  const { item: group, ...names } = useRegionalItem(securityGroupReads.item(securityGroupId))
  const networkId = group.status.networkId
  const related = securityGroupReads.related(group)
  const network = useQuery(readQuery(related.network))
  const organizationName = useNames('organizations', group.metadata.organizationId).get(group.metadata.organizationId)
  const users = useQuery({ ...readQuery(related.instances), select: usersOf(securityGroupId) })

  const searchText = params.get('q') ?? ''
  const query = useDeferredValue(searchText)
  // Each rule's searchable text is built once per answer, so typing over thousands of rules only compares strings.
  const numbered = useMemo(
    () =>
      group.spec.rules.map((rule, index) => ({
        number: index + 1,
        rule,
        text: [describeRule(rule), rule.cidr, rule.protocol, rule.direction].join(' '),
      })),
    [group.spec.rules],
  )
  const rows = useMemo<NumberedRule[]>(
    () => (query ? numbered.filter(({ text }) => matchesSearch(query, [text])) : numbered),
    [numbered, query],
  )
  const exposed = useMemo(() => group.spec.rules.filter(isOpenToWorld).length, [group.spec.rules])

  const setQuery = (value: string) => {
    const next = new URLSearchParams(params)
    if (value) next.set('q', value)
    else next.delete('q')
    setParams(next, { replace: true, preventScrollReset: true })
  }

  return (
    <DetailPage
      {...statusHeading(group.metadata)}
      governs={resources.securityGroups}
      edit={{ to: paths.securityGroups.edit(securityGroupId) }}
      actions={
        <DeleteResourceButton
          resource={resources.securityGroups}
          name={group.metadata.name}
          mutation={m(securityGroupApi.delete)}
          variables={{ securityGroupID: securityGroupId }}
          item={{ id: securityGroupId, projectId: group.metadata.projectId }}
        />
      }
      details={[
        { label: 'ID', value: <CopyableId value={group.metadata.id} label="security group id" /> },
        {
          label: 'Network',
          value: (
            <Anchor component={Link} to={paths.networks.item(networkId)} size="sm">
              {network.data?.metadata.name ?? networkId}
            </Anchor>
          ),
        },
        { label: 'Region', value: names.regionName ?? group.status.regionId },
        { label: 'Project', value: names.projectName ?? group.metadata.projectId },
        { label: 'Organization', value: organizationName ?? group.metadata.organizationId },
        ...stateItems(group.metadata),
        { label: 'Created', value: <RelativeTime value={group.metadata.creationTime} size="sm" span /> },
        { label: 'Created by', value: group.metadata.createdBy ?? '—' },
        { label: 'Tags', value: <TagList tags={group.metadata.tags} /> },
        {
          label: 'Used by',
          value: <UsedBy users={users.data} notOffered={isNotOffered(users.error)} failed={users.isError} />,
        },
      ]}
    >
      <Paper withBorder p="lg" radius="md">
        <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
          <div>
            <Title order={2} size="h4">
              Rules
            </Title>
            <Text size="sm" c="dimmed" aria-live="polite">
              {formatCount(rows.length, numbered.length, ['rule', 'rules'])}
              {exposed > 0 ? ` · ${exposed} open to the whole internet` : ''}
            </Text>
          </div>
          {numbered.length > 0 && (
            <SearchField
              name="Search rules"
              clearLabel="Clear rule search"
              placeholder="Search rules: tcp 22, 10.0.0.0/8…"
              value={searchText}
              onChange={setQuery}
            />
          )}
        </Group>
        {numbered.length === 0 ? (
          <Text size="sm" c="dimmed">
            No rules: this group allows no traffic. Edit it to add rules.
          </Text>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            No rule matches “{searchText}”.
          </Text>
        ) : (
          <RulesTable rows={rows} />
        )}
      </Paper>
    </DetailPage>
  )
}

function UsedBy({
  users,
  notOffered,
  failed,
}: {
  users: Instance[] | undefined
  notOffered: boolean
  failed: boolean
}) {
  if (notOffered) return <>This platform cannot list instances.</>
  if (failed) return <>Could not look up instances.</>
  if (!users) return <>…</>
  if (users.length === 0) return <>No instances</>
  return (
    <Group gap={6} wrap="wrap">
      {users.map((instance, index) => (
        <span key={instance.metadata.id}>
          <Anchor component={Link} to={paths.instances.item(instance.metadata.id)} size="sm">
            {instance.metadata.name}
          </Anchor>
          {index < users.length - 1 ? ',' : ''}
        </span>
      ))}
    </Group>
  )
}
