import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { renderRoute, consoleForFile, warmRoutes } from '../../test/console-harness'

// A platform whose regional API does not list networks: the overview says so for networks alone and shows the rest.
consoleForFile({ notOffered: [/\/api\/v2\/networks(\?|$)/] })
beforeAll(async () => {
  await warmRoutes('/')
})

describe('overview with one list missing', () => {
  it('shows what needs attention in the lists it has, and says which list it has not', async () => {
    renderRoute('/')
    const panel = await screen.findByRole('region', { name: 'What is changing' })
    expect(await within(panel).findByRole('link', { name: 'gpu-smoke-test' })).toBeTruthy()
    expect(await within(panel).findByText('Networks: this platform does not list them')).toBeTruthy()
  })
})
