import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link } from 'react-router'
import type { Flavor } from '../../../api/schemas/regional'
import { cellLink, cellText } from '../../../components/cell-text'
import { formatNumber } from '../../../lib/format'
import { paths } from '../../../lib/paths'
import { flavorBreakdown, regionBreakdown } from '../overview-data'
import { FlavorTable } from './FlavorTable'
import { overviewQueries, overviewServices } from '../overview-queries'
import { Panel } from './Panel'
import { useRegionsAndFlavors } from './use-flavors'
import lines from './Lines.module.css'
import classes from './RegionPanel.module.css'

const plural = (count: number, one: string) => `${formatNumber(count)} ${one}${count === 1 ? '' : 's'}`

/**
 * Where the organization runs: each region's instances and GPUs as bars (the largest region's fill their tracks),
 * made of its flavors, GPU flavors in their own colour, with the region's counts in words beside them; then the
 * instances by flavor, with the GPUs they hold, in one table. Plain elements and CSS: no chart library for a few bars.
 * Read from the lists the overview reads already.
 */
export function RegionPanel({ organizationID, enabled }: { organizationID: string; enabled: boolean }) {
  const instances = useQuery({ ...overviewQueries.instances(organizationID), enabled })
  const { regions, flavors } = useRegionsAndFlavors(organizationID, enabled)
  const rows = useMemo(
    () =>
      regionBreakdown(
        instances.data ?? [],
        flavors ?? new Map<string, Flavor>(),
        new Map((regions.data ?? []).map((r) => [r.metadata.id, r.metadata.name])),
      ),
    [instances.data, flavors, regions.data],
  )
  const byFlavor = useMemo(
    () => flavorBreakdown(instances.data ?? [], flavors ?? new Map<string, Flavor>()),
    [instances.data, flavors],
  )
  const widestInstances = Math.max(1, ...rows.map((row) => row.instances))
  const widestGpus = Math.max(0, ...rows.map((row) => row.gpus))
  return (
    <Panel
      title="Where it runs"
      aside={
        rows.length > 0 && (
          <span className={classes.legend} aria-hidden>
            <span className={classes.swatch} data-gpu />
            GPU flavors
            <span className={classes.swatch} />
            CPU flavors
          </span>
        )
      }
      queries={[instances, regions]}
      waiting={!flavors}
      services={[overviewServices.instances, overviewServices.regions]}
      waitingOn={overviewServices.flavors}
      notOffered="This platform does not list instances."
      lines={10}
    >
      {() =>
        rows.length === 0 ? (
          <p className={cellText('sm', 'dimmed')}>No instances in any region yet.</p>
        ) : (
          <>
            <ul className={`${lines.list} ${classes.regions}`} aria-label="Instances by region">
              {rows.map((row) => (
                <li key={row.regionId} className={classes.region}>
                  <div className={lines.line}>
                    <Link
                      to={paths.instances.list({ project: 'all', region: row.regionId })}
                      className={cellLink('sm')}
                      data-underline="hover"
                    >
                      {row.name}
                    </Link>
                    <span className={`${cellText('sm')} ${lines.figure}`}>
                      {plural(row.instances, 'instance')} · {plural(row.gpus, 'GPU')}
                    </span>
                  </div>
                  <Bar label="Instances" of={widestInstances}>
                    {row.flavors.map((flavor) => ({ ...flavor, share: flavor.instances }))}
                  </Bar>
                  {widestGpus > 0 && (
                    <Bar label="GPUs" of={widestGpus}>
                      {row.flavors.map((flavor) => ({ ...flavor, share: flavor.gpus }))}
                    </Bar>
                  )}
                </li>
              ))}
            </ul>
            <div className={classes.byFlavor}>
              <FlavorTable breakdown={byFlavor} />
            </div>
          </>
        )
      }
    </Panel>
  )
}

interface Share {
  name: string
  instances: number
  gpus: number
  /** What the segment measures: its flavor's instances, or their GPUs. */
  share: number
}

/** One of a region's bars: its flavors' shares of the largest region's total, GPU flavors in their own colour. */
function Bar({ label, of, children }: { label: string; of: number; children: Share[] }) {
  return (
    <div className={classes.bar}>
      <span className={cellText('xs', 'dimmed')}>{label}</span>
      <div className={classes.track} aria-hidden>
        {children
          .filter((flavor) => flavor.share > 0)
          .map((flavor) => (
            <span
              key={flavor.name}
              className={classes.segment}
              data-gpu={flavor.gpus > 0 || undefined}
              style={{ width: `${(flavor.share / of) * 100}%` }}
              title={`${flavor.name}: ${plural(flavor.instances, 'instance')}${flavor.gpus ? `, ${plural(flavor.gpus, 'GPU')}` : ''}`}
            />
          ))}
      </div>
    </div>
  )
}
