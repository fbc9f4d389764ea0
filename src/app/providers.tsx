// Mantine's base layers; each component's own rules come with the chunk that uses it (vite.config.ts).
import '@mantine/core/styles/baseline.layer.css'
import '@mantine/core/styles/default-css-variables.layer.css'
import '@mantine/core/styles/global.layer.css'
import '@mantine/notifications/styles.layer.css'
import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { cssVariablesResolver, theme } from './theme'

interface AppProvidersProps {
  queryClient: QueryClient
  children: ReactNode
  /** `'test'` turns off Mantine's transitions and portals: tests in jsdom then see dialogs and menus at once. */
  env?: 'default' | 'test'
}

export function AppProviders({ queryClient, children, env }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver} env={env}>
      <Notifications position="bottom-right" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  )
}
