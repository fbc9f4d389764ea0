import { type QueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import { lazy, useDeferredValue } from 'react'
import type { Service } from '../../../api/request'
import type { Instance } from '../../../api/schemas/regional'
import { PageHeader } from '../../../components/PageHeader'
import { paths } from '../../../lib/paths'
import { useAccess } from '../../../lib/permissions'
import { resources, type Resource } from '../../../lib/resources'
import { useStoredScope } from '../../../lib/scope'
import { ensureScope } from '../../../lib/scope-loader'
import { ChangesPanel } from '../components/ChangesPanel'
import { OverviewHeader } from '../components/OverviewHeader'
import { CheapestModels } from '../components/CheapestModels'
import { QuotaPanel } from '../components/QuotaPanel'
import { GpuCapacityPanel } from '../components/GpuCapacityPanel'
import { RegionPanel } from '../components/RegionPanel'
import { CountTile, ResourceCounts } from '../components/ResourceCounts'
import { clusterHealth, instanceStates } from '../overview-data'
import { overviewQueries, overviewServices, loadOverview } from '../overview-queries'
import classes from './OverviewRoute.module.css'
import { PAGE_ICONS } from '../../../lib/page-icons'

// Shown only to a person with no organization to show: its id form (and Mantine's inputs, which no other first screen
// renders) is a chunk of its own, which the loader waits for in that case, so the page never shows a spinner for it.
const loadNoOrganization = () => import('../components/NoOrganization')
const NoOrganization = lazy(() => loadNoOrganization().then((m) => ({ default: m.NoOrganization })))

export function loader(queryClient: QueryClient) {
  return async () => {
    const { organizationId } = await ensureScope(queryClient)
    if (organizationId) await loadOverview(queryClient, organizationId)
    else await loadNoOrganization()
    return null
  }
}

// The whole organization: the lists' "all projects, all regions" view, which shares the overview's cache entries.
const everywhere = { project: 'all', region: 'all' }

/** The instances tile's second line, every state counted. A narrow tile wraps between two states, never inside one. */
const stateLine = (instances: readonly Instance[]): string =>
  instanceStates(instances)
    .map(({ state, count }) => `${count}\u00a0${state}`)
    .join(' · ')

/**
 * The page reads nothing itself: each tile and panel reads what it shows, so a poll while something settles renders
 * the part that shows it, not the whole page. The loader has waited for the tiles' lists, so they render once.
 */
export function Component() {
  const organizationID = useStoredScope().organizationId ?? ''
  const access = useAccess()
  const scope = { organizationID, enabled: Boolean(organizationID) }
  const lists = overviewQueries
  const services = overviewServices
  // The tiles and the panels render after the header has committed, in a deferred render React slices, not in the
  // same task: they held the heading and its sentence back for as long as they took to render. They stand below it,
  // so nothing moves when they arrive.
  const body = useDeferredValue(true, false)
  if (!organizationID) {
    return (
      <>
        <PageHeader title="Overview" icon={PAGE_ICONS.overview} description="Your organization at a glance." />
        <NoOrganization />
      </>
    )
  }
  const tile = <T, K extends QueryKey>(
    label: string,
    to: string,
    list: UseQueryOptions<T[], Error, T[], K>,
    service: Service,
    options: { detail?: (items: readonly T[]) => string; gatedOn?: Resource } = {},
  ) => (
    <CountTile
      key={label}
      label={label}
      to={to}
      list={list}
      service={service}
      enabled={scope.enabled}
      refused={options.gatedOn && !access.may(options.gatedOn, 'read')}
      detail={options.detail}
    />
  )
  return (
    <>
      <OverviewHeader organizationID={organizationID} />
      {body && (
        <ResourceCounts>
          {tile('Instances', paths.instances.list(everywhere), lists.instances(organizationID), services.instances, {
            detail: stateLine,
          })}
          {tile('Networks', paths.networks.list(everywhere), lists.networks(organizationID), services.networks)}
          {tile(
            'Security groups',
            paths.securityGroups.list(everywhere),
            lists.securityGroups(organizationID),
            services.securityGroups,
          )}
          {tile(
            'File storage',
            paths.fileStorage.list(everywhere),
            lists.fileStorage(organizationID),
            services.fileStorage,
          )}
          {tile(
            'Load balancers',
            paths.loadBalancers.list(everywhere),
            lists.loadBalancers(organizationID),
            services.loadBalancers,
          )}
          {tile('Clusters', paths.clusters.list(everywhere), lists.clusters(organizationID), services.clusters, {
            detail: clusterHealth,
          })}
          {tile('Projects', paths.projects.list(), lists.projects(organizationID), services.projects)}
          {/* The people tiles follow the caller's roles: a list the ACL does not include is never asked for. */}
          {tile('Users', paths.users.list(), lists.users(organizationID), services.users, { gatedOn: resources.users })}
          {tile(
            'Service accounts',
            paths.serviceAccounts.list(),
            lists.serviceAccounts(organizationID),
            services.serviceAccounts,
            {
              gatedOn: resources.serviceAccounts,
            },
          )}
          {tile('Groups', paths.groups.list(), lists.groups(organizationID), services.groups, {
            gatedOn: resources.groups,
          })}
        </ResourceCounts>
      )}
      {body && (
        <div className={classes.panels}>
          <RegionPanel {...scope} />
          <QuotaPanel {...scope} />
          <GpuCapacityPanel {...scope} />
          {/* What is under way and what was changed lately, side by side: a strip across the page. */}
          <div className={classes.across}>
            <ChangesPanel {...scope} />
          </div>
          <div className={classes.across}>
            <CheapestModels {...scope} />
          </div>
        </div>
      )}
    </>
  )
}
