import { Alert, Stack, Title } from '@mantine/core'

/** Pages that a later issue builds say so plainly instead of pretending. */
export function NotBuiltYetPage({ title }: { title: string }) {
  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>{title}</Title>
      <Alert color="gray" title="Not built yet">
        This page is not part of the console yet. Networks is available today; {title.toLowerCase()} follows in an upcoming release.
      </Alert>
    </Stack>
  )
}
