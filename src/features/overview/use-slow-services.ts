import { startTransition, useEffect, useState } from 'react'
import type { Target } from '../../api/request'
import { slowServices } from '../../api/waiting'

/**
 * The services a call has waited on for a while (src/api/waiting.ts), so a part of the page still waiting can say
 * which one in its own place. A change renders in a transition, as the shell's notice does (StillWaiting says why).
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
