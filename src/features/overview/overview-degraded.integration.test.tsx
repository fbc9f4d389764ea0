import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { renderRoute, consoleForFile, warmRoutes } from '../../test/console-harness'

// A platform that reports no quotas: the overview says so in that panel and shows the rest.
consoleForFile({ notOffered: [/\/quotas(\?|$)/] })
beforeAll(async () => {
  await warmRoutes('/')
})

describe('overview on a platform without quotas', () => {
  it('says quotas are not reported, and shows the rest', async () => {
    renderRoute('/')
    const panel = await screen.findByRole('region', { name: 'Quota use' })
    expect(await within(panel).findByText('This platform does not report quotas.')).toBeTruthy()
    expect(await screen.findByRole('table', { name: 'Instances by flavor' })).toBeTruthy()
  })
})
