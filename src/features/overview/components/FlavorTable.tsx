import { Group } from '../../../components/mantine/Group'
import { Text } from '../../../components/mantine/Text'
import { Link } from 'react-router'
import { paths } from '../../../lib/paths'
import type { FlavorBreakdown } from '../overview-data'
import { cellLink, cellText } from '../../../components/cell-text'
import tableLook from '../../../components/table-look.module.css'
import classes from './FlavorTable.module.css'

/** Rows shown; the rest are summed into one line so the panel keeps its height. */
const SHOWN = 6

/**
 * The organization's instances by flavor, and the GPUs they hold, under its regions' bars in "Where it runs": each
 * flavor links to its instances. (A panel of its own beside the regions told the same instances twice.)
 */
export function FlavorTable({ breakdown }: { breakdown: FlavorBreakdown }) {
  const { rows, totalInstances, totalGpus, gpusByModel } = breakdown
  const rest = rows.slice(SHOWN)
  return (
    <>
      {/* A plain table in Mantine's table look (FlavorPanel.module.css): Mantine's Table imports its scroll
                container, and with it ScrollArea and floating-ui, which the overview's first screen has no use for. */}
      <table className={`${classes.table} ${tableLook.look}`} aria-label="Instances by flavor">
        <thead>
          <tr>
            <th>Flavor</th>
            <th className={classes.number}>Instances</th>
            <th className={classes.number}>GPUs</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, SHOWN).map((row) => (
            <tr key={row.flavorId}>
              <td>
                <Link
                  to={paths.instances.list({ project: 'all', region: 'all', q: row.name })}
                  className={cellLink('sm', 'mono')}
                  data-underline="hover"
                >
                  {row.name}
                </Link>
                {row.gpuModel && <span className={`${cellText('xs', 'dimmed')} ${classes.model}`}>{row.gpuModel}</span>}
              </td>
              <td className={classes.number}>{row.instances}</td>
              <td className={classes.number}>{row.gpus || '—'}</td>
            </tr>
          ))}
          {rest.length > 0 && (
            <tr>
              <td>
                <p className={cellText('sm', 'dimmed')}>
                  {rest.length} other flavor{rest.length === 1 ? '' : 's'}
                </p>
              </td>
              <td className={classes.number}>{rest.reduce((sum, row) => sum + row.instances, 0)}</td>
              <td className={classes.number}>{rest.reduce((sum, row) => sum + row.gpus, 0) || '—'}</td>
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr>
            <th>Total</th>
            <th className={classes.number}>{totalInstances}</th>
            <th className={classes.number}>{totalGpus}</th>
          </tr>
        </tfoot>
      </table>
      {gpusByModel.length > 0 && (
        <Group gap="xs" mt="sm">
          {gpusByModel.map(({ model, gpus }) => (
            <Text key={model} size="xs" c="dimmed">
              {model}: {gpus}
            </Text>
          ))}
        </Group>
      )}
    </>
  )
}
