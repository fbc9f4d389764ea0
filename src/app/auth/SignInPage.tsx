import { Center } from '../../components/mantine/Center'
import { Group } from '../../components/mantine/Group'
import { Paper } from '../../components/mantine/Paper'
import { Stack } from '../../components/mantine/Stack'
import { Text } from '../../components/mantine/Text'
import { Title } from '../../components/mantine/Title'
import { Logo } from '../shell/Logo'
import { SignInForm } from './SignInForm'

export function SignInPage({ onSignedIn }: { onSignedIn: () => void }) {
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack w="100%" maw={440} gap="lg">
        <Group gap="xs" justify="center">
          <Logo />
          <Title order={1} size="h2">
            Cloud Console
          </Title>
        </Group>
        <Paper withBorder shadow="sm" p="xl" radius="lg">
          <Stack gap="md">
            <div>
              <Title order={2} size="h3">
                Sign in
              </Title>
              <Text size="sm" c="dimmed">
                Operate networks, compute, identity and inference from one place.
              </Text>
            </div>
            <SignInForm onSignedIn={onSignedIn} />
          </Stack>
        </Paper>
      </Stack>
    </Center>
  )
}
