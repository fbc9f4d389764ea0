import { useLayoutEffect, type Ref } from 'react'

/**
 * Gives `ref` an element rendered elsewhere, for as long as the caller is mounted. A lazily loaded Mantine Menu or
 * Tooltip attaches so to the button the shell already rendered, instead of rendering a target of its own that would
 * replace it when its chunk arrives.
 */
export function useNodeRef(ref: Ref<HTMLElement> | undefined, node: HTMLElement): void {
  useLayoutEffect(() => {
    if (typeof ref === 'function') {
      const cleanup = ref(node)
      return () => {
        if (typeof cleanup === 'function') cleanup()
        else ref(null)
      }
    }
    if (!ref) return
    ref.current = node
    return () => {
      ref.current = null
    }
  }, [node, ref])
}
