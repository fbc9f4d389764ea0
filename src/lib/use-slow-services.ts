import { startTransition, useEffect, useState } from 'react'
import type { Target } from '../api/request'
import { slowServices } from '../api/waiting'

/**
 * The services a call has waited on for a while (src/api/waiting.ts), so a part of the page still waiting can say
 * which one in its own place (the overview's panels) or above the page (the shell's notice). A change renders in a
 * transition, not through useSyncExternalStore: such a store's change renders at once, in the task that made it, and
 * the slow answer's task also hands the page that answer, which a synchronous render and commit would lengthen (a
 * playground run's longest task, in a CPU profile).
 */
export function useSlowServices(): readonly Target[] {
  const [services, setServices] = useState(slowServices.get)
  useEffect(() => {
    const follow = () => startTransition(() => setServices(slowServices.get()))
    const unsubscribe = slowServices.subscribe(follow)
    follow()
    return unsubscribe
  }, [])
  return services
}
