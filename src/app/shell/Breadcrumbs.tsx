import { Anchor } from '../../components/mantine/Anchor'
import { Breadcrumbs as MantineBreadcrumbs } from '../../components/mantine/Breadcrumbs'
import { Text } from '../../components/mantine/Text'
import { Link, useMatches } from 'react-router'
import type { RouteHandle } from '../../lib/route-module'

export function Breadcrumbs() {
  const crumbs = useMatches()
    .filter((match) => (match.handle as RouteHandle | undefined)?.crumb)
    .map((match) => ({ id: match.id, to: match.pathname, node: (match.handle as RouteHandle).crumb!(match.params) }))
  if (crumbs.length < 2) return null
  return (
    <MantineBreadcrumbs aria-label="Breadcrumb" mb="sm" separatorMargin={6}>
      {crumbs.map((crumb, index) =>
        index === crumbs.length - 1 ? (
          <Text key={crumb.id} size="sm" aria-current="page">
            {crumb.node}
          </Text>
        ) : (
          <Anchor key={crumb.id} component={Link} to={crumb.to} size="sm">
            {crumb.node}
          </Anchor>
        ),
      )}
    </MantineBreadcrumbs>
  )
}
