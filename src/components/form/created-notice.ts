import { notifications } from '@mantine/notifications'
import type { QueryClient } from '@tanstack/react-query'

/**
 * The state the create's answer gives the new resource (an image's "pending" or "ready", a network's "provisioning"),
 * so the notice says what the answer said; none when it gives none, or says it does not know.
 */
export function stateIn(created: unknown): string | undefined {
  const { metadata, status } = created as { metadata?: { provisioningStatus?: unknown }; status?: { state?: unknown } }
  const state = status?.state ?? metadata?.provisioningStatus
  return typeof state === 'string' && state && state !== 'unknown' ? state : undefined
}

/** The resource as a read holds it: the read of it, or a list it is read out of (an image's page reads its region's). */
const itemIn = (data: unknown, id: string): unknown =>
  (Array.isArray(data) ? data : [data]).find(
    (item: unknown) => (item as { metadata?: { id?: unknown } } | null)?.metadata?.id === id,
  )

/**
 * The create notice says the state the new resource starts in ("…created; it is pending."). Once a read of it (its
 * page's, as it follows the platform) shows another state, the notice would contradict the page beside it, so it is
 * taken back. What the notice is shown with: its id, and the end of the watch when it closes by itself.
 */
export function takenBackWhenStateMoves(
  queryClient: QueryClient,
  created: { metadata: { id: string } },
): { id: string; onClose: () => void } {
  const id = `created-${created.metadata.id}`
  const started = stateIn(created)
  const stop = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return
    const item = itemIn(event.query.state.data, created.metadata.id)
    const now = item && stateIn(item)
    if (now === undefined || now === started) return
    stop()
    notifications.hide(id)
  })
  return { id, onClose: stop }
}
