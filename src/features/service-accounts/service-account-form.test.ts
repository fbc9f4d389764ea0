import { expect, it } from 'vitest'
import { serviceAccountSchema } from '../../api/schemas/identity'
import { createDefaults, formFieldFor, serviceAccountForm, toBody, updateDefaults } from './service-account-form'

it('sends the trimmed name, the description only when given, and the groups', () => {
  expect(toBody({ name: ' ci-deployer ', description: '  ', groupIDs: ['g'] })).toEqual({ metadata: { name: 'ci-deployer' }, spec: { groupIDs: ['g'] } })
  expect(toBody({ name: 'ci', description: 'Deploys', groupIDs: [] })).toEqual({ metadata: { name: 'ci', description: 'Deploys' }, spec: { groupIDs: [] } })
})

it('needs a name the platform accepts', () => {
  expect(serviceAccountForm.safeParse(createDefaults).error?.issues[0]).toMatchObject({ path: ['name'], message: 'Enter a name.' })
  expect(serviceAccountForm.safeParse({ ...createDefaults, name: 'has space' }).success).toBe(false)
  expect(serviceAccountForm.safeParse({ ...createDefaults, name: 'ci.deploy-1' }).success).toBe(true)
})

it('edits start from the account and never carry its token', () => {
  const account = serviceAccountSchema.parse({
    metadata: { id: 'sa', name: 'ci', organizationId: 'o', creationTime: '2025-01-01T00:00:00Z', provisioningStatus: 'provisioned', healthStatus: 'healthy' },
    spec: { groupIDs: ['g1'] },
    status: { expiry: '2025-04-01T00:00:00Z', accessToken: 'secret' },
  })
  expect(updateDefaults(account)).toEqual({ name: 'ci', description: '', groupIDs: ['g1'] })
  expect(JSON.stringify(toBody(updateDefaults(account)))).not.toContain('secret')
})

it('maps platform field paths to form fields', () => {
  expect(formFieldFor('metadata.name')).toBe('name')
  expect(formFieldFor('spec.groupIDs.0')).toBe('groupIDs')
  expect(formFieldFor('status.expiry')).toBeUndefined()
})
