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

  it('keeps the typed id while the organizations list is asked again', async () => {
    const { user, queryClient } = renderRoute('/')
    expect(await screen.findByText(/does not list organizations/)).toBeTruthy()
    const typed = 'org-typed-before-a-refetch'
    const main = within(screen.getByRole('main'))
    await fill(user, main.getByRole('textbox', { name: 'Organization id' }), typed)
    // The shell's organization switcher mounting, or the window regaining focus, asks for the list again: the failed
    // query goes back to pending meanwhile, and the form must not unmount with what the person typed.
    await queryClient.refetchQueries()
    expect(main.getByRole<HTMLInputElement>('textbox', { name: 'Organization id' }).value).toBe(typed)
  })
})
