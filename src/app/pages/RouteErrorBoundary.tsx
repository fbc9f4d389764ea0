import { Alert } from '../../components/mantine/Alert'
import { Button } from '../../components/mantine/Button'
import { Code } from '../../components/mantine/Code'
import { Group } from '../../components/mantine/Group'
import { Stack } from '../../components/mantine/Stack'
import { Text } from '../../components/mantine/Text'
import { Title } from '../../components/mantine/Title'
import { lazy, Suspense } from 'react'
import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router'
import { isApiError, isNotOffered, isSessionEnded, traceIdsOf, withTraceIds } from '../../api/errors'
import { ErrorAlert } from '../../components/ErrorAlert'
import { SERVICE_NAMES, SERVICE_SETTINGS } from '../../api/services'
import { unloadedCode } from '../../lib/unloaded-code'
import { CodeUnavailable } from './CodeUnavailable'
import { NotFoundPage } from './NotFoundPage'

// The 403 page reads the caller's roles (the ACL's endpoint and its zod schemas): imported here, where the router is, it
// pulled them into the entry (bench/bundle.bench.ts). A refusal is rare and comes after a request anyway.
const ForbiddenPage = lazy(() => import('./ForbiddenPage').then((module) => ({ default: module.ForbiddenPage })))

/**
 * A failed page load: 404s read as "not found", 403s as outside the caller's roles (a retry would not help), a page whose
 * code did not arrive as that (CodeUnavailable), everything else says what failed and offers a retry.
 */
export function RouteErrorBoundary() {
  const error = useRouteError()
  const revalidator = useRevalidator()

  // Nothing answers at a list's path: the service's URL is wrong, not the page. Said with the setting to check.
  if (isNotOffered(error) && isApiError(error) && error.service !== 'console') {
    return (
      <Stack py="xl" maw={720} gap="md">
        <Title order={1}>This page could not be loaded</Title>
        <Alert color="red" title={`The ${SERVICE_NAMES[error.service]} answered ${error.status}`}>
          <Text size="sm">
            {error.status === 404 ? 'Nothing answers' : 'It does not offer'} {error.method} {error.path}. Check the
            console server’s <Code>{SERVICE_SETTINGS[error.service]}</Code> setting: it should name the platform’s{' '}
            {SERVICE_NAMES[error.service]}.
          </Text>
        </Alert>
      </Stack>
    )
  }
  if (
    (isRouteErrorResponse(error) && error.status === 404) ||
    (isApiError(error) && error.status === 404 && error.code === 'not_found')
  ) {
    return <NotFoundPage message={isApiError(error) ? withTraceIds(error.message, error) : undefined} />
  }
  if (isApiError(error) && error.status === 403 && error.service !== 'console')
    return (
      <Suspense>
        <ForbiddenPage message={withTraceIds(error.message, error)} />
      </Suspense>
    )
  if (isSessionEnded(error)) {
    return (
      <Stack py="xl" maw={560}>
        <Title order={1}>Session ended</Title>
        <Text>Sign in again to load this page; you will stay where you are.</Text>
      </Stack>
    )
  }

  const code = unloadedCode(error)
  if (code) return <CodeUnavailable code={code} />

  const message = isApiError(error) ? error.message : error instanceof Error ? error.message : 'Something went wrong.'
  return (
    <Stack py="xl" maw={720} gap="md">
      <Title order={1}>This page could not be loaded</Title>
      <ErrorAlert
        title={isApiError(error) && error.status ? `Error ${error.status}` : 'Error'}
        message={message}
        traces={traceIdsOf(error)}
      />
      <Group>
        <Button onClick={() => revalidator.revalidate()} loading={revalidator.state === 'loading'}>
          Try again
        </Button>
      </Group>
    </Stack>
  )
}
