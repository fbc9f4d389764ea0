import { Group, NumberInput, Paper, SegmentedControl, Stack, Text } from '@mantine/core'
import type { UsagePlan } from '../../../lib/pricing'
import { DAYS_PER_MONTH } from '../../../lib/pricing'

interface CostPlanProps {
  plan: UsagePlan
  /** Sets one URL parameter of the plan; keystrokes replace the history entry. */
  onChange: (key: 'inTokens' | 'outTokens' | 'requests' | 'per', value: string) => void
}

const wholeNumber = (value: string | number) => (value === '' ? '0' : String(Math.max(0, Math.floor(Number(value)))))

/** The calculator's inputs; every model's card and row then shows what this plan costs a month. */
export function CostPlan({ plan, onChange }: CostPlanProps) {
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
          <NumberInput
            label="Input tokens"
            value={plan.inputTokens}
            min={0}
            step={100}
            thousandSeparator=","
            allowDecimal={false}
            allowNegative={false}
            onChange={(value) => onChange('inTokens', wholeNumber(value))}
            w={140}
          />
          <NumberInput
            label="Output tokens"
            value={plan.outputTokens}
            min={0}
            step={100}
            thousandSeparator=","
            allowDecimal={false}
            allowNegative={false}
            onChange={(value) => onChange('outTokens', wholeNumber(value))}
            w={140}
          />
          <NumberInput
            label="Requests"
            value={plan.requests}
            min={0}
            step={1000}
            thousandSeparator=","
            allowDecimal={false}
            allowNegative={false}
            onChange={(value) => onChange('requests', wholeNumber(value))}
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
