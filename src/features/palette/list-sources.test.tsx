import { describe, expect, it } from 'vitest'
import { q } from '../../api/endpoint'
import { networkApi } from '../../api/networks'
import { userApi } from '../../api/identity'
import { navLabel, resources, type Resource } from '../../lib/resources'
import { loadListSources } from './list-sources'

describe("the palette's lists", () => {
  it('searches every resource with a page, in the cache entry its list page reads with no filter chosen', async () => {
    const sources = await loadListSources()
    expect(sources.map(({ resource }) => navLabel(resource))).toEqual(
      Object.values<Resource>(resources)
        .filter((resource) => resource.page)
        .map(navLabel),
    )
    const keyOf = (resource: Resource) => sources.find((source) => source.resource === resource)?.query('o-1').queryKey
    expect(keyOf(resources.networks)).toEqual(q(networkApi.list, { organizationID: ['o-1'] }).queryKey)
    expect(keyOf(resources.users)).toEqual(q(userApi.list, { organizationID: 'o-1' }).queryKey)
  })

  it('refuses a row with a page whose list module does not say what to search, naming the module', async () => {
    // Images have a list module and no page by id: given one, their list would have to be searchable.
    const images: Resource = { ...resources.images, page: true }
    await expect(loadListSources([images])).rejects.toThrow(
      'Images: /src/features/images/routes/ImageListRoute.tsx exports no organizationQuery for the palette to search',
    )
  })
})
