import { Alert } from '../../components/mantine/Alert'
import { useQuery } from '@tanstack/react-query'
import { startTransition, useEffect, useState } from 'react'
import { consoleConfigQuery } from '../../api/session'
import { SERVICE_NAMES } from '../../api/services'
import { slowServices } from '../../api/waiting'

/**
 * Says which service the page is waiting on once a call has gone unanswered for a few seconds: a spinner alone gave
 * no hint whether the console, the network or one of the platform's services was slow.
 */
export function StillWaiting() {
  // Not useSyncExternalStore: a change to such a store renders at once, in the task that made it. The notice goes
  // when the slow answer comes, in the task that also hands the page that answer, which a synchronous render and
  // commit would lengthen (a playground run's longest task, in a CPU profile).
  const [services, setServices] = useState(slowServices.get)
  useEffect(() => {
    const follow = () => startTransition(() => setServices(slowServices.get()))
    const unsubscribe = slowServices.subscribe(follow)
    follow()
    return unsubscribe
  }, [])
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
