// Which names the console reads in the platform's ACL document, and where it reads project grants.

import { afterEach, describe, expect, it } from 'vitest'
import { aclApi } from '../api/acl'
import { configureApi, resetApiConfig } from '../api/config'
import { fakeFetch, jsonResponse } from '../test/fakeFetch'
import { allows } from './permissions'
import { resources } from './resources'

/** The ACL as the console reads it from `document`, the identity service's answer. */
async function aclOf(document: unknown) {
  configureApi({ fetch: fakeFetch(() => jsonResponse(200, document)).fetch })
  return aclApi.organization.call({ organizationID: 'o' })
}
afterEach(() => resetApiConfig())

const endpoints = (...names: string[]) => names.map((name) => ({ name, operations: ['create', 'read'] }))

describe('the platform’s permission names', () => {
  it('grants the v2 regional names the platform’s own console checks', async () => {
    const acl = await aclOf({
      organization: {
        id: 'o',
        endpoints: endpoints('region:networks:v2', 'region:securitygroups:v2', 'region:filestorage:v2'),
      },
    })
    expect(allows(acl, resources.networks, 'create')).toBe(true)
    expect(allows(acl, resources.securityGroups, 'create')).toBe(true)
    expect(allows(acl, resources.fileStorage, 'create')).toBe(true)
    expect(allows(acl, resources.networks, 'delete')).toBe(false)
    expect(allows(acl, resources.instances, 'read')).toBe(false)
  })

  it('still grants the unsuffixed names', async () => {
    const acl = await aclOf({ organization: { id: 'o', endpoints: endpoints('region:networks') } })
    expect(allows(acl, resources.networks, 'create')).toBe(true)
    expect(allows(acl, resources.fileStorage, 'read')).toBe(false)
  })

  it('reads project grants at the document’s top level as well as under the organization', async () => {
    const top = await aclOf({
      organization: { id: 'o' },
      projects: [{ id: 'p', endpoints: endpoints('region:networks:v2') }],
    })
    expect(allows(top, resources.networks, 'create')).toBe(true)
    const nested = await aclOf({
      organization: { id: 'o', projects: [{ id: 'p', endpoints: endpoints('compute:instances') }] },
    })
    expect(allows(nested, resources.instances, 'create')).toBe(true)
    expect(allows(nested, resources.networks, 'create')).toBe(false)
  })

  it('lets the platform decide a resource whose names are unpublished, unless the ACL names them', async () => {
    const silent = await aclOf({ organization: { id: 'o', endpoints: endpoints('region:networks:v2') } })
    expect(allows(silent, resources.sshCertificateAuthorities, 'create')).toBe(true)
    const naming = await aclOf({
      organization: {
        id: 'o',
        endpoints: [{ name: 'region:sshcertificateauthorities:v2', operations: ['read'] }],
      },
    })
    expect(allows(naming, resources.sshCertificateAuthorities, 'read')).toBe(true)
    expect(allows(naming, resources.sshCertificateAuthorities, 'create')).toBe(false)
    // A published name is never guessed at: an ACL that does not grant it refuses.
    expect(allows(silent, resources.instances, 'read')).toBe(false)
  })
})
