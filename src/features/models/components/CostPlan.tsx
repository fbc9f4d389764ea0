import { Group } from '../../../components/mantine/Group'
import { Paper } from '../../../components/mantine/Paper'
import { SegmentedControl } from '../../../components/mantine/SegmentedControl'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import type { UsagePlan } from '../../../lib/pricing'
import { DAYS_PER_MONTH } from '../../../lib/pricing'
import { NumberText, wholeNumberProblem } from '../../../components/form/NumberText'

type Count = 'inTokens' | 'outTokens' | 'requests'

interface CostPlanProps {
  plan: UsagePlan
  /** Sets one URL parameter of the plan; keystrokes replace the history entry. */
  onChange: (key: Count | 'per', value: string) => void
  /** Told whether a field now holds a value it refuses: the costs must not be read from the one before. */
  onRefused: (key: Count, refused: boolean) => void
}

// A hundred million tokens a request, or requests a day, is beyond any plan the calculator is for; empty is refused, not read as 0.
const MAX_COUNT = 100_000_000
const countProblem = (value: number | undefined) =>
  wholeNumberProblem(value, { min: 0, max: MAX_COUNT, noun: 'A count' })

/** The calculator's inputs; every model's card and row then shows what this plan costs a month. */
export function CostPlan({ plan, onChange, onRefused }: CostPlanProps) {
  return (
    <Paper withBorder radius="md" p="md" mb="md" component="section" aria-label="Cost calculator">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={2}>
          <Text fw={650}>Cost calculator</Text>
          <Text size="xs" c="dimmed">
            Tokens per request and how many requests: every model below shows what that costs a month ({DAYS_PER_MONTH}
            -day month).
          </Text>
        </Stack>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NumberText
            label="Input tokens"
            value={plan.inputTokens}
            refuse={countProblem}
            onChange={(value, refused) => {
              onRefused('inTokens', Boolean(refused))
              if (!refused) onChange('inTokens', String(value))
            }}
            w={140}
          />
          <NumberText
            label="Output tokens"
            value={plan.outputTokens}
            refuse={countProblem}
            onChange={(value, refused) => {
              onRefused('outTokens', Boolean(refused))
              if (!refused) onChange('outTokens', String(value))
            }}
            w={140}
          />
          <NumberText
            label="Requests"
            value={plan.requests}
            refuse={countProblem}
            onChange={(value, refused) => {
              onRefused('requests', Boolean(refused))
              if (!refused) onChange('requests', String(value))
            }}
            w={140}
          />
          <SegmentedControl
            aria-label="Requests per"
            value={plan.per}
            onChange={(value) => onChange('per', value)}
            data={[
              { value: 'day', label: 'per day' },
              { value: 'month', label: 'per month' },
            ]}
          />
        </Group>
      </Group>
    </Paper>
  )
}
