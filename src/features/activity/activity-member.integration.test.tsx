import { beforeAll, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { consoleForFile, renderRoute, warmRoutes } from '../../test/console-harness'

// Sam Okafor, the read-only member: his role reads no people, groups or identity providers.
consoleForFile({ asMember: true })
beforeAll(() => warmRoutes('/activity'))

describe('activity for the read-only member', () => {
  // The page left out the kinds a member's role cannot read and counted the rest as if they were all.
  it("names the kinds of change it leaves out for the reader's role", async () => {
    renderRoute('/activity')
    expect(await screen.findByRole('heading', { name: 'Activity', level: 1 })).toBeTruthy()
    expect(
      await screen.findByText(
        'Changes to groups, identity providers, service accounts and users are not listed: your role cannot read them.',
      ),
    ).toBeTruthy()
  })
})
