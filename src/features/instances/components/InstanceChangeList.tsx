import { List } from '../../../components/mantine/List'
import { Paper } from '../../../components/mantine/Paper'
import { Text } from '../../../components/mantine/Text'
import { Title } from '../../../components/mantine/Title'

/** What saving will change, in words, below the fields: the consequences stay in view while editing. */
export function InstanceChangeList({ items }: { items: string[] }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="instance-changes">
      <Title id="instance-changes" order={2} size="h4" mb="xs">
        Changes
      </Title>
      {items.length ? (
        <List size="sm" spacing={4}>
          {items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm" c="dimmed">
          Nothing changed yet.
        </Text>
      )}
    </Paper>
  )
}
