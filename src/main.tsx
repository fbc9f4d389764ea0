import { timeoutManager } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { startBootstrap } from './api/bootstrap'
import { App } from './app/App'
import { AppProviders } from './app/providers'
import { coalescedTimeouts } from './app/coalesced-timers'
import { createQueryClient } from './app/query-client'
import { appRoutes } from './app/router'
import { prefetchUrl } from './app/router-prefetch'

// First: the answer index.html preloaded is taken as soon as this runs, and every request waits for its part of it.
startBootstrap(window.location)
// Before any query exists: timers of different providers cannot cancel each other.
timeoutManager.setTimeoutProvider(coalescedTimeouts())
const queryClient = createQueryClient()
prefetchUrl(queryClient, appRoutes(queryClient), new URL(window.location.href))

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <App />
    </AppProviders>
  </StrictMode>,
)
