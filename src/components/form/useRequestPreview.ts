import { useQuery } from '@tanstack/react-query'
import { describeRequest, type RequestDescription } from '../../api/describeRequest'
import type { ApiRequest } from '../../api/request'
import { consoleConfigQuery } from '../../api/session'

/** The exact request a form would send now, addressed to the upstream service; undefined until its address is known. */
export function useRequestPreview(
  request: Pick<ApiRequest, 'service' | 'method' | 'path' | 'query' | 'body' | 'sensitive'>,
): RequestDescription | undefined {
  const config = useQuery(consoleConfigQuery())
  return config.data ? describeRequest(request, config.data.upstreams) : undefined
}
