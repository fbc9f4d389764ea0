import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
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
