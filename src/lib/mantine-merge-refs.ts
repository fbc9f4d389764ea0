import { useMergedRef } from '@mantine/hooks'
import type { Ref } from 'react'

/**
 * floating-ui's `useMergeRefs`, the one thing Mantine's ScrollArea (the navigation) takes from @floating-ui/react, on
 * @mantine/hooks' `useMergedRef`: one ref callback that hands the node to each ref and runs their cleanups. The build
 * puts this in its place (vite.config.ts), so floating-ui is no longer in the shell chunk.
 */
export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>) {
  return useMergedRef(...refs)
}
