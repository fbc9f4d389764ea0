import { Button } from '../../components/mantine/Button'
import { Stack } from '../../components/mantine/Stack'
import { Text } from '../../components/mantine/Text'
import { Title } from '../../components/mantine/Title'
import { Link } from 'react-router'
import { paths } from '../../lib/paths'

export function NotFoundPage({ message }: { message?: string }) {
  return (
    <Stack align="flex-start" gap="sm" py="xl" maw={560}>
      <Text c="dimmed" fw={700}>
        404
      </Text>
      <Title order={1}>Page not found</Title>
      <Text>{message ?? 'There is no page at this address.'}</Text>
      {/* The overview is where the console starts, and shows every kind of resource to go on from. */}
      <Button component={Link} to={paths.home()} variant="light">
        Go to the overview
      </Button>
    </Stack>
  )
}
