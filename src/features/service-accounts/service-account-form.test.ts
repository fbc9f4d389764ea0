import { expect, it } from 'vitest'
import { serviceAccountSchema } from '../../api/schemas/identity'
import { at, storedMetadata } from '../../test/form-fixtures'
import { createDefaults, serviceAccountForm, toWire, updateDefaults } from './service-account-form'

it('sends the trimmed name, the description only when given, and the groups', () => {
  expect(toWire({ name: ' ci-deployer ', description: '  ', groupIDs: ['g'], tags: [] }).body).toEqual({
    metadata: { name: 'ci-deployer' },
    spec: { groupIDs: ['g'] },
  })
  expect(toWire({ name: 'ci', description: 'Deploys', groupIDs: [], tags: [] }).body).toEqual({
    metadata: { name: 'ci', description: 'Deploys' },
    spec: { groupIDs: [] },
  })
})

it('sends the tags trimmed inside the metadata, blank rows left out; none at all when every row is blank', () => {
  const tags = [
    { name: ' team ', value: 'ml ' },
    { name: '', value: '' },
    { name: 'owner', value: 'ada@acme.example' },
  ]
  expect(toWire({ ...createDefaults, name: 'ci', tags }).body.metadata).toEqual({
    name: 'ci',
    tags: [
      { name: 'team', value: 'ml' },
      { name: 'owner', value: 'ada@acme.example' },
    ],
  })
  expect(toWire({ ...createDefaults, name: 'ci', tags: [{ name: ' ', value: '' }] }).body.metadata).toEqual({
    name: 'ci',
  })
})

it('refuses a half-filled tag row and a repeated tag name at the row', () => {
  const result = serviceAccountForm.safeParse({
    ...createDefaults,
    name: 'ci',
    tags: [
      { name: 'team', value: 'ml' },
      { name: '', value: 'x' },
      { name: 'team', value: 'data' },
    ],
  })
  expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['tags.1.name', 'tags.2.name'])
})

it('needs a name the platform accepts', () => {
  expect(serviceAccountForm.safeParse(createDefaults).error?.issues[0]).toMatchObject({
    path: ['name'],
    message: 'Enter a name.',
  })
  expect(serviceAccountForm.safeParse({ ...createDefaults, name: 'has space' }).success).toBe(false)
  expect(serviceAccountForm.safeParse({ ...createDefaults, name: 'ci.deploy-1' }).success).toBe(true)
})

it('edits start from the account and never carry its token', () => {
  const account = serviceAccountSchema.parse({
    metadata: storedMetadata('sa', 'ci', { tags: [{ name: 'team', value: 'ml' }] }),
    spec: { groupIDs: ['g1'] },
    status: { expiry: '2025-04-01T00:00:00Z', accessToken: 'secret' },
  })
  expect(updateDefaults(account)).toEqual({
    name: 'ci',
    description: '',
    groupIDs: ['g1'],
    tags: [{ name: 'team', value: 'ml' }],
  })
  // Saved untouched, the account keeps its tags: the update replaces the metadata whole.
  expect(toWire(updateDefaults(account)).body).toEqual({
    metadata: { name: 'ci', tags: [{ name: 'team', value: 'ml' }] },
    spec: { groupIDs: ['g1'] },
  })
  expect(JSON.stringify(toWire(updateDefaults(account)).body)).not.toContain('secret')
})

it('maps platform field paths to form fields', () => {
  expect(toWire(createDefaults).pathOf(at('metadata.name'))).toBe('name')
  expect(toWire(createDefaults).pathOf(at('spec.groupIDs.0'))).toBe('groupIDs')
  expect(toWire(createDefaults).pathOf(at('status.expiry'))).toBeUndefined()
})

it('maps a refused tag to the row it came from, counting only the rows that were sent', () => {
  const rows = [
    { name: 'team', value: 'ml' },
    { name: '', value: '' },
    { name: 'note', value: 'long' },
  ]
  expect(toWire({ ...createDefaults, tags: rows }).pathOf(at('metadata.tags.1.value'))).toBe('tags.2.value')
  expect(toWire({ ...createDefaults, tags: rows }).pathOf(at('metadata.tags.0.name'))).toBe('tags.0.name')
  expect(toWire({ ...createDefaults, tags: rows }).pathOf(at('metadata.tags'))).toBeUndefined()
  expect(toWire({ ...createDefaults, tags: rows }).pathOf(at('metadata.tags.2.name'))).toBeUndefined()
})
