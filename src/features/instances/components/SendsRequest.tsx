import { Code } from '../../../components/mantine/Code'
import { Text } from '../../../components/mantine/Text'
import type { ApiRequest } from '../../../api/request'
import { useRequestPreview } from '../../../components/form/useRequestPreview'

/** The exact request an action sends, as every write shows it. */
export function SendsRequest({
  request,
}: {
  request: Pick<ApiRequest, 'service' | 'method' | 'path' | 'query' | 'body'>
}) {
  const preview = useRequestPreview(request)
  if (!preview) return null
  return (
    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
      Sends <Code>{`${preview.method} ${preview.url}`}</Code>
      {request.body !== undefined && (
        <>
          {' '}
          with <Code>{JSON.stringify(request.body)}</Code>
        </>
      )}
    </Text>
  )
}
