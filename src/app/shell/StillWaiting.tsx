import { Alert } from '../../components/mantine/Alert'
import { useQuery } from '@tanstack/react-query'
import { consoleConfigQuery } from '../../api/session'
import { SERVICE_NAMES } from '../../api/services'
import { useSlowServices } from '../../lib/use-slow-services'

/**
 * Says which service the page is waiting on once a call has gone unanswered for a few seconds: a spinner alone gave
 * no hint whether the console, the network or one of the platform's services was slow.
 */
export function StillWaiting() {
  const services = useSlowServices()
  const config = useQuery({ ...consoleConfigQuery(), enabled: services.length > 0 })
  if (services.length === 0) return null
  const named = services.map((service) => {
    const url = service === 'console' ? undefined : config.data?.upstreams[service]
    return url ? `the ${SERVICE_NAMES[service]} at ${new URL(url).host}` : `the ${SERVICE_NAMES[service]}`
  })
  const limit = config.data?.upstreamTimeoutMs
  return (
    <Alert role="status" color="amber" variant="light" mb="md" title={`Still waiting on ${named.join(' and ')}`}>
      The page shows its answer as soon as it comes
      {limit ? `; past ${Math.round(limit / 1000)} s the console stops waiting and says so.` : '.'}
    </Alert>
  )
}
