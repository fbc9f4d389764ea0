import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'

/** A labelled figure in a row of figures, with what to read it against (its ceiling) under it. */
export function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fw={700} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Stack>
  )
}
