// Mantine's base layers; each component's own rules come with the chunk that uses it (vite.config.ts).
import '@mantine/core/styles/baseline.layer.css'
import '@mantine/core/styles/default-css-variables.layer.css'
import '@mantine/core/styles/global.layer.css'
import './fonts.css'
// The theme's CSS variables, written once (./theme-variables.test.ts) rather than built by MantineProvider at every
// start (withCssVariables off), for a little more in the entry's stylesheet.
import './theme-variables.css'
import './shell/stylesheet'
import { MantineProvider } from '@mantine/core'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { afterFirstPaint } from '../lib/after-first-paint'
import { theme } from './theme'

// Asked for when there is first something to notify (first-notification.ts), and the store's chunk watched only once
// the first screen has painted (after-first-paint.ts says why); a notification shown before the host arrives waits
// in the store, and shows then. A host whose chunk is gone (a deploy since the page opened) renders nothing rather
// than an uncaught error: what it would have shown is kept for the next load, the new version's.
const NotificationsHost = lazy<ComponentType>(() =>
  afterFirstPaint()
    .then(() => import('./first-notification'))
    .then(async (first) => {
      first.showKept()
      await first.firstNotification()
      const host = await import('./notifications-host')
      first.hostHasArrived()
      return host
    })
    .catch(() => ({ default: () => null })),
)

interface AppProvidersProps {
  queryClient: QueryClient
  children: ReactNode
  /** `'test'` turns off Mantine's transitions and portals: tests in Happy DOM then see dialogs and menus at once. */
  env?: 'default' | 'test'
}

export function AppProviders({ queryClient, children, env }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" withCssVariables={false} env={env}>
      <Suspense fallback={null}>
        <NotificationsHost />
      </Suspense>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  )
}
