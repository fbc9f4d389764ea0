import { describe, expect, it } from 'vitest'
import { organizationSchema } from '../../api/schemas/identity'
import { at, issuesOf } from '../../test/form-fixtures'
import { editDefaults, organizationForm, signInChanges, toWire } from './organization-form'

const organization = organizationSchema.parse({
  metadata: {
    id: 'acme',
    name: 'acme',
    description: 'Acme',
    tags: [{ name: 'k', value: 'v' }],
    creationTime: '2025-01-01T00:00:00Z',
    provisioningStatus: 'provisioned',
    healthStatus: 'healthy',
  },
  spec: { organizationType: 'domain', domain: 'acme.example', providerScope: 'global', providerID: 'google' },
})
const start = editDefaults(organization)

describe('the organization form', () => {
  it('sends the document’s organizationWrite, with the tags it does not show and no empty provider settings', () => {
    expect(toWire({ ...start, providerScope: '', providerID: ' ' }, organization).body).toEqual({
      metadata: { name: 'acme', description: 'Acme', tags: [{ name: 'k', value: 'v' }] },
      spec: { organizationType: 'domain', domain: 'acme.example' },
    })
    expect(toWire(start).pathOf(at('spec.domain'))).toBe('domain')
  })

  it('refuses a domain that is no hostname', () => {
    expect(issuesOf(organizationForm, { ...start, domain: 'a b' })).toEqual([
      'domain: Enter a domain name, such as example.com.',
    ])
    expect(issuesOf(organizationForm, { ...start, organizationType: 'adhoc', domain: '' })).toEqual([])
  })

  it('refuses a domain organization without its domain and provider, at each field', () => {
    expect(
      issuesOf(organizationForm, { ...start, domain: ' ', providerScope: '', providerID: '' }).map((issue) =>
        issue.slice(0, issue.indexOf(':')),
      ),
    ).toEqual(['domain', 'providerScope', 'providerID'])
    expect(issuesOf(organizationForm, { ...start, providerID: '' })).toEqual([
      'providerID: Choose the provider its people sign in through.',
    ])
    expect(
      issuesOf(organizationForm, { ...start, organizationType: 'adhoc', providerScope: '', providerID: '' }),
    ).toEqual([])
  })

  it('says nothing when sign-in does not change, and what each sign-in change does', () => {
    expect(signInChanges(start, { ...start, description: 'new' })).toEqual([])
    expect(signInChanges(start, { ...start, domain: '' })).toEqual([
      'The e-mail domain acme.example is removed: nobody is matched to this organization by their address.',
    ])
    expect(signInChanges(start, { ...start, providerID: 'azure' })).toEqual([
      'Sign-in goes through provider azure (a built-in one) instead of provider google (a built-in one): people without an account there cannot sign in.',
    ])
  })
})
