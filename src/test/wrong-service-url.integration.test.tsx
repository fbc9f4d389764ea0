import { beforeAll, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { consoleForFile, renderRoute, warmRoutes } from './console-harness'

// COMPUTE_URL names something that is not the compute service: its instance list answers 404 with a router's page.
// The page is there; the setting is wrong, and the page says which.
consoleForFile({ notOffered: [/\/local\/compute\/api\/v2\/instances(\?|$)/] })
beforeAll(async () => {
  await warmRoutes('/instances')
})

describe('a list whose service answers 404', () => {
  it('names the service and its setting, not "Page not found"', async () => {
    renderRoute('/instances')
    expect(await screen.findByText('The compute API answered 404')).toBeTruthy()
    expect(screen.getByText('COMPUTE_URL')).toBeTruthy()
    expect(screen.queryByText(/Page not found/)).toBeNull()
  })
})
