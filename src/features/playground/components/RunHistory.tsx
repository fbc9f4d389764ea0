import { Button } from '../../../components/mantine/Button'
import { Checkbox } from '../../../components/mantine/Checkbox'
import { Group } from '../../../components/mantine/Group'
import { Paper } from '../../../components/mantine/Paper'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { memo, useState } from 'react'
import { compareRuns, runCost, type Run } from '../runs'
import { formatUsd } from '../../../lib/pricing'
import { formatNumber, formatFixed } from '../../../lib/format'

interface RunHistoryProps {
  runs: readonly Run[]
  shownId: number | undefined
  onShow: (id: number) => void
}

/** The session's runs; any two can be compared input by input. Memoised, as the page renders again on every click. */
export const RunHistory = memo(function RunHistory({ runs, shownId, onShow }: RunHistoryProps) {
  const [picked, setPicked] = useState<number[]>([])
  const chosen = picked.flatMap((id) => runs.filter((run) => run.id === id))
  const comparison = chosen.length === 2 ? compareRuns(chosen[0]!, chosen[1]!) : null
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="history-title">
      <Text fw={650} id="history-title" mb="xs">
        Runs this session
      </Text>
      <Stack gap={6}>
        {runs.map((run) => {
          const cost = runCost(run)
          return (
            <Group key={run.id} gap="xs" wrap="nowrap" justify="space-between">
              <Checkbox
                aria-label={`Compare run ${run.id}`}
                checked={picked.includes(run.id)}
                onChange={() =>
                  setPicked((current) =>
                    current.includes(run.id) ? current.filter((id) => id !== run.id) : [...current.slice(-1), run.id],
                  )
                }
              />
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600} truncate="end">
                  Run {run.id} · {run.model}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatNumber(run.count)} inputs · {formatNumber(run.dimensions)} dims · {run.encodingFormat} ·{' '}
                  {formatNumber(run.promptTokens)} tokens{cost ? ` · ${formatUsd(cost)}` : ''}
                </Text>
              </Stack>
              <Button
                size="compact-xs"
                variant={run.id === shownId ? 'filled' : 'light'}
                onClick={() => onShow(run.id)}
                aria-pressed={run.id === shownId}
              >
                {run.id === shownId ? 'Shown' : 'Show'}
              </Button>
            </Group>
          )
        })}
      </Stack>
      {chosen.length === 1 && (
        <Text size="xs" c="dimmed" mt="xs">
          Tick one more run to compare.
        </Text>
      )}
      {comparison && (
        <Paper
          mt="sm"
          p="sm"
          radius="sm"
          bg="var(--mantine-color-default-hover)"
          role="status"
          aria-label={`Run ${chosen[0]!.id} and run ${chosen[1]!.id}`}
        >
          <Text size="sm" fw={650} mb={2}>
            Run {chosen[0]!.id} and run {chosen[1]!.id}
          </Text>
          {!comparison.comparable ? (
            <Text size="sm">{comparison.reason}</Text>
          ) : comparison.identical ? (
            <Text size="sm">Identical vectors: every value of every input matches.</Text>
          ) : (
            <Text size="sm">
              Mean cosine between matching vectors {formatFixed(comparison.meanCosine, 4)} (lowest{' '}
              {formatFixed(comparison.minCosine, 4)}); largest difference of a value{' '}
              {comparison.maxAbsDifference.toExponential(2)}.
            </Text>
          )}
        </Paper>
      )}
    </Paper>
  )
})
