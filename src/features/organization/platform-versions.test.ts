import { describe, expect, it } from 'vitest'
import { documentMatch } from './platform-versions'

describe('documentMatch', () => {
  it('says whether a service runs the release of the document the console follows, an older or a newer one', () => {
    expect(documentMatch('region', 'v1.20.0')).toBe('Matches region v1.20.0, the document the console follows.')
    expect(documentMatch('compute', '1.17.0')).toBe('Matches compute v1.17.0, the document the console follows.')
    expect(documentMatch('identity', 'v1.13.2')).toMatch(/^Older than identity v1\.18\.0, .*may be refused\.$/)
    expect(documentMatch('region', 'v1.21.0-rc.1')).toMatch(/^Newer than region v1\.20\.0/)
  })
  it('says a developer build or an unreadable version cannot be matched', () => {
    for (const version of ['0.0.0', 'v0.0.0', 'main-abc123'])
      expect(documentMatch('compute', version)).toMatch(/^A developer build: .* compute v1\.17\.0, cannot be told\.$/)
  })
})
