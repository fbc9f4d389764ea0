import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { consoleForFile, fill, renderRoute, warmRoutes } from '../../test/console-harness'
import { setScope } from '../../lib/scope'

// A platform that does not list organizations, before the person has typed an id: the overview has nothing to show
// and must say so, not wait on placeholders for an id that never comes.
const harness = consoleForFile({ notOffered: [/\/api\/v1\/organizations(\?|$)/] })
beforeAll(async () => {
  await warmRoutes('/')
})
beforeEach(() => setScope({ organizationId: undefined, projectId: undefined, regionId: undefined }))

describe('overview with no organization chosen', () => {
  it('asks for the organization id, then shows that organization', async () => {
    const { user } = renderRoute('/')
    expect(await screen.findByText(/does not list organizations/)).toBeTruthy()
    const main = within(screen.getByRole('main'))
    await fill(user, main.getByRole('textbox', { name: 'Organization id' }), harness.cloud.demo.organizationId)
    await user.click(main.getByRole('button', { name: 'Show this organization' }))
    expect(await screen.findByRole('table', { name: 'Instances by flavor' })).toBeTruthy()
  })
})
