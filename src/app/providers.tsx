// Mantine's base layers; each component's own rules come with the chunk that uses it (vite.config.ts).
import '@mantine/core/styles/baseline.layer.css'
import '@mantine/core/styles/default-css-variables.layer.css'
import '@mantine/core/styles/global.layer.css'
import './fonts.css'
import { MantineProvider } from '@mantine/core'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { lazy, Suspense, type ReactNode } from 'react'
import { cssVariablesResolver, theme } from './theme'

// Asked for when this module runs, not at first render: the chunk downloads beside the shell's, and is ready by the
// time anything could notify.
const notificationsHost = import('./notifications-host')
const NotificationsHost = lazy(() => notificationsHost)

interface AppProvidersProps {
  queryClient: QueryClient
  children: ReactNode
  /** `'test'` turns off Mantine's transitions and portals: tests in jsdom then see dialogs and menus at once. */
  env?: 'default' | 'test'
}

export function AppProviders({ queryClient, children, env }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver} env={env}>
      <Suspense fallback={null}>
        <NotificationsHost />
      </Suspense>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  )
}
