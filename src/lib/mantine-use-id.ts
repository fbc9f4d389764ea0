import { useId as useReactId } from 'react'

/**
 * What Mantine's `useId` (@mantine/hooks) returns on its first render, kept: `mantine-` and React's id, or the id the
 * caller gave. Mantine's own swaps it for a random id in a layout effect, for server-rendered pages; in this client-only
 * app that swap is a state change on mount in every input, popover and menu, which renders each of them a second time,
 * synchronously, inside the commit that mounts a page. The build puts this in its place (vite.config.ts).
 */
export function useId(staticId?: string): string {
  const reactId = useReactId()
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`
}
