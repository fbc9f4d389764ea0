import { Alert, Code, Text } from '@mantine/core'
import { isApiError } from '../../../api/errors'
import { errorTitle } from '../../../components/error-title'

/** A refused action, where the user clicked: who refused, the platform's words, and the trace id to quote to support. */
export function ActionError({ error, refused }: { error: Error; refused: string }) {
  const traceId = isApiError(error) ? error.traceId : undefined
  return (
    <Alert color="red" title={errorTitle(error, refused)} role="alert">
      <Text size="sm">{error.message}</Text>
      {traceId && (
        <Text size="xs" mt={4}>
          Trace id <Code>{traceId}</Code>
        </Text>
      )}
    </Alert>
  )
}
