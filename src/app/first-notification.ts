// The moment the console first has something to notify: the notifications host (./notifications-host.tsx) loads then,
// not with every page. Most loads show no notification, and the host's chunks, its stylesheet and Mantine's
// Notifications mounting were script every page paid after its first paint (bench/lighthouse.bench.ts, mobile script
// evaluation). This reads the store that `notifications.show` writes to: the small chunk every page that notifies
// imports too, so they share one store, and a notification shown before the host arrives waits in it.
import { notificationsStore } from '@mantine/notifications'

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
