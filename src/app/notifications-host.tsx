// Where notifications show, loaded when there is first one to show (./first-notification.ts): it brings its own
// stylesheet, Mantine's transitions and scroll-lock helpers, which a load that notifies nothing never needs. The store
// that `notifications.show` writes to is a small chunk that this one and every page that notifies import: one store,
// whichever of them loads it first, so a notification shown before this host arrives is kept and shown once it does.
// Core's stylesheets of what it renders first (scripts/mantine-sheets.ts), then its own.
import '@mantine/core/styles/Loader.layer.css'
import '@mantine/core/styles/UnstyledButton.layer.css'
import '@mantine/core/styles/CloseButton.layer.css'
import '@mantine/core/styles/Notification.layer.css'
import '@mantine/notifications/styles.layer.css'
import { Notifications } from '@mantine/notifications'

export default function NotificationsHost() {
  return <Notifications position="bottom-right" />
}
