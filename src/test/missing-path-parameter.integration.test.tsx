import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { setScope } from '../lib/scope'
import { consoleForFile, fill, renderRoute, valueOf, warmRoutes } from './console-harness'

// A platform that does not list organizations, and no organization id typed yet: a create form whose path needs the
// organization must not send `/organizations//serviceaccounts`.
consoleForFile({ notOffered: [/\/api\/v1\/organizations(\?|$)/] })
beforeAll(async () => {
  await warmRoutes('/service-accounts/new')
})
beforeEach(() => setScope({ organizationId: undefined, projectId: undefined, regionId: undefined }))

describe('a create whose path would have an empty segment', () => {
  it('is not sent: the form says which id is missing and keeps the input', async () => {
    const { user } = renderRoute('/service-accounts/new')
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'int-sa-no-org')
    await user.click(screen.getByRole('button', { name: 'Create service account' }))
    expect(await screen.findByText(/Not sent: no organization is chosen yet/)).toBeTruthy()
    expect(valueOf(screen.getByRole('textbox', { name: /^Name/ }))).toBe('int-sa-no-org')
  })
})
