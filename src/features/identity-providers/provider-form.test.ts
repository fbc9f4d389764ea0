import { describe, expect, it } from 'vitest'
import { oauth2ProviderSchema } from '../../api/schemas/oauth2Providers'
import { at, issuesOf } from '../../test/form-fixtures'
import { createDefaults, providerForm, toWire, updateDefaults } from './provider-form'

const provider = oauth2ProviderSchema.parse({
  metadata: {
    id: 'p-1',
    name: 'okta',
    organizationId: 'acme',
    creationTime: '2025-01-01T00:00:00Z',
    provisioningStatus: 'provisioned',
    healthStatus: 'healthy',
  },
  spec: { issuer: 'https://acme.okta.example', clientID: 'c-1' },
})

describe('the identity provider form', () => {
  it('sends the document’s oauth2ProviderWrite: no type for any OIDC issuer, and the secret as typed', () => {
    const values = { ...updateDefaults(provider), clientSecret: ' s3cret ' }
    expect(toWire(values).body).toEqual({
      metadata: { name: 'okta' },
      spec: { issuer: 'https://acme.okta.example', clientID: 'c-1', clientSecret: 's3cret' },
    })
    expect(toWire({ ...values, type: 'github' }).body.spec.type).toBe('github')
    expect(toWire(values).pathOf(at('spec.clientSecret'))).toBe('clientSecret')
  })

  it('starts an edit with the secret empty, since the platform never reads it back, and asks for it', () => {
    expect(updateDefaults(provider)).toMatchObject({ type: 'oidc', clientSecret: '' })
    expect(issuesOf(providerForm, updateDefaults(provider))).toEqual([
      'clientSecret: Enter the client secret: the platform keeps only what is sent.',
    ])
  })

  it('refuses an issuer that is no https URL', () => {
    const filled = { ...createDefaults, name: 'okta', clientID: 'c', clientSecret: 's' }
    expect(issuesOf(providerForm, { ...filled, issuer: 'http://acme.okta.example' })).toEqual([
      'issuer: Enter the issuer’s https URL, such as https://example.okta.com.',
    ])
    expect(issuesOf(providerForm, { ...filled, issuer: 'https://acme.okta.example' })).toEqual([])
  })
})
