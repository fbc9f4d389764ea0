import { Badge } from '../../../components/mantine/Badge'
import { Group } from '../../../components/mantine/Group'
import { Paper } from '../../../components/mantine/Paper'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import type { ProjectionQuality } from '../projection-quality'
import { formatNumber, formatFixed } from '../../../lib/format'

/** What a trustworthiness reads as: a random map scores about 0.5, a faithful one above 0.9. */
function verdict(trustworthiness: number): { color: string; title: string; words: string } {
  if (trustworthiness >= 0.9)
    return { color: 'teal', title: 'Faithful', words: 'Inputs close on the map are close in the vectors.' }
  if (trustworthiness >= 0.75)
    return {
      color: 'amber',
      title: 'Roughly faithful',
      words: 'Most map neighbours are true neighbours; check close calls in the heatmap.',
    }
  return {
    color: 'red',
    title: 'Misleading',
    words: 'Inputs close on the map may be far apart in the vectors: trust the heatmap and search instead.',
  }
}

/** How far a 2-D picture keeps each input's nearest neighbours, so a user can tell when it misleads. */
export function ProjectionScore({ quality, name }: { quality: ProjectionQuality | undefined; name: string }) {
  if (!quality)
    return (
      <Text size="xs" c="dimmed" mt="xs">
        Too few inputs to score how well the map keeps neighbours (it takes 4).
      </Text>
    )
  const { color, title, words } = verdict(quality.trustworthiness)
  return (
    <Paper
      mt="sm"
      p="sm"
      radius="sm"
      bg="var(--mantine-color-default-hover)"
      component="section"
      aria-label={`How far the ${name} map can be trusted`}
    >
      <Group gap="xs" align="flex-start">
        <Badge color={color} variant="light" size="lg" style={{ flexShrink: 0 }}>
          {title}
        </Badge>
        <Stack gap={2} style={{ flex: '1 1 260px' }}>
          <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
            Trustworthiness {formatFixed(quality.trustworthiness, 2)} · {Math.round(quality.preserved * 100)}% of{' '}
            {quality.k}
            -nearest neighbours kept
          </Text>
          <Text size="sm" c="dimmed">
            {words} Scored on {quality.k} neighbours per input
            {` over ${formatNumber(quality.inputs)} inputs`}; a random map scores about 0.5.
          </Text>
        </Stack>
      </Group>
    </Paper>
  )
}
