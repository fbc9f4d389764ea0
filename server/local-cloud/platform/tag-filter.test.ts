import { describe, expect, it } from 'vitest'
import { useLocalCloud } from '../test-cloud.ts'

// Every list the newest documents give a `tag` filter reads it through filters.ts: `name=value`, and 400 for a tag
// that does not decode (a bare name, or more than one "=", which the platform splits on every one).
const local = useLocalCloud()

describe('the tag filter of a list', () => {
  it.each([
    '/local/region/api/v2/loadbalancers',
    '/local/region/api/v2/sshcertificateauthorities',
    '/local/region/api/v2/instances',
    '/local/storage/api/v1/objectstorageendpoints',
    '/local/reservation/api/v2/reservations',
    '/local/reservation/api/v2/placements',
  ])('of %s refuses one that does not decode (400) and takes name=value', async (list) => {
    for (const tag of ['team', 'a=b=c']) {
      const res = await local.api.get(`${list}?tag=${encodeURIComponent(tag)}`)
      expect(res.status, tag).toBe(400)
      expect(res.body.error, tag).toBe('invalid_request')
    }
    expect((await local.api.get(`${list}?tag=${encodeURIComponent('team=ml')}`)).status).toBe(200)
  })
})
