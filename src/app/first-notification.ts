// The moment the console first has something to notify: the notifications host (./notifications-host.tsx) loads then,
// not with every page. Most loads show no notification, and the host's chunks, its stylesheet and Mantine's
// Notifications mounting were script every page paid after its first paint (bench/lighthouse.bench.ts, mobile script
// evaluation). This reads the store that `notifications.show` writes to: the small chunk every page that notifies
// imports too, so they share one store, and a notification shown before the host arrives waits in it.
import { notifications, notificationsStore, type NotificationData } from '@mantine/notifications'

/** Resolves once the store holds a notification, shown or queued; at once if it already does. */
export function firstNotification(): Promise<void> {
  const held = () => {
    const { notifications, queue } = notificationsStore.getState()
    return notifications.length + queue.length > 0
  }
  return new Promise((resolve) => {
    if (held()) return resolve()
    const stop = notificationsStore.subscribe(() => {
      if (!held()) return
      stop()
      resolve()
    })
  })
}

// A page opened before a deploy asks for the host's chunk when it first notifies, and the server has it no more: the
// notification (a write's "created") would go with the page. What waits in the store when the page goes, with no
// host to have shown it, is kept for the next load in this tab, which is the new version (a missing page's code
// reloads into it, CodeUnavailable), and shown there.
const KEPT = 'console-notifications-kept'
let hostArrived = false

type Kept = Pick<NotificationData, 'id' | 'color' | 'title'> & { message: string }

/** The host is on the page: what the store holds is shown, and nothing needs keeping. */
export function hostHasArrived(): void {
  hostArrived = true
}

addEventListener('pagehide', () => {
  if (hostArrived) return
  const { notifications: shown, queue } = notificationsStore.getState()
  // Words only: a message drawn by a component would not survive the page.
  const kept: Kept[] = [...shown, ...queue].flatMap(({ id, color, title, message }) =>
    typeof message === 'string' && (title === undefined || typeof title === 'string')
      ? [{ message, ...(id ? { id } : {}), ...(color ? { color } : {}), ...(title ? { title } : {}) }]
      : [],
  )
  if (kept.length) sessionStorage.setItem(KEPT, JSON.stringify(kept))
})

/** Shows what the page before this one kept, once. */
export function showKept(): void {
  const kept = sessionStorage.getItem(KEPT)
  if (!kept) return
  sessionStorage.removeItem(KEPT)
  for (const notification of JSON.parse(kept) as Kept[]) notifications.show(notification)
}
