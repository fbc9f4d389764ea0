import { Group } from '../../../components/mantine/Group'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import type Big from 'big.js'
import { formatPrice } from '../../../lib/pricing'

/** One price of a model: "$0.88" large, "/ 1M input tokens" small, or "Not listed". */
export function PriceTag({ label, price }: { label: string; price: Big | undefined }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      {price ? (
        <Group gap={4} align="baseline" wrap="nowrap">
          <Text fw={700} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatPrice(price)}
          </Text>
          <Text size="xs" c="dimmed">
            / 1M tokens
          </Text>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          Not listed
        </Text>
      )}
    </Stack>
  )
}
