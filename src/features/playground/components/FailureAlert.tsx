import { Text } from '../../../components/mantine/Text'
import { ErrorAlert } from '../../../components/ErrorAlert'
import type { Failure } from '../failure'

/** A failed run or search of the playground: the console's one error alert, with what the user can do next. */
export function FailureAlert({ failure, mt, mb }: { failure: Failure; mt?: string; mb?: string }) {
  return (
    <ErrorAlert title={failure.title} message={failure.message} traces={failure.traces} mt={mt} mb={mb}>
      {failure.next && (
        <Text size="sm" fw={600} mt={4}>
          {failure.next}
        </Text>
      )}
    </ErrorAlert>
  )
}
