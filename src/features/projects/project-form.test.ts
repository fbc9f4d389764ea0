import { expect, it } from 'vitest'
import { projectSchema } from '../../api/schemas/identity'
import { at, storedMetadata } from '../../test/form-fixtures'
import { createDefaults, projectForm, toWire, updateDefaults } from './project-form'

const project = projectSchema.parse({
  metadata: storedMetadata('p1', 'ml-research', {
    description: 'Training',
    tags: [{ name: 'team', value: 'research' }],
  }),
  spec: { groupIDs: ['g1', 'g2'] },
})

it('creates with the name, the description only when given, and the groups', () => {
  expect(toWire({ name: ' sandbox ', description: '', groupIDs: ['g1'] }).body).toEqual({
    metadata: { name: 'sandbox' },
    spec: { groupIDs: ['g1'] },
  })
})

it('updates keep the tags the form does not show', () => {
  const values = { ...updateDefaults(project), description: 'Model training' }
  expect(values.groupIDs).toEqual(['g1', 'g2'])
  expect(toWire(values, project.metadata.tags).body).toEqual({
    metadata: { name: 'ml-research', description: 'Model training', tags: [{ name: 'team', value: 'research' }] },
    spec: { groupIDs: ['g1', 'g2'] },
  })
})

it('needs a name the platform accepts', () => {
  expect(projectForm.safeParse(createDefaults).success).toBe(false)
  expect(projectForm.safeParse({ ...createDefaults, name: 'bad name!' }).error?.issues[0]?.path).toEqual(['name'])
  expect(projectForm.safeParse({ ...createDefaults, name: 'ok-name' }).success).toBe(true)
})

it('maps platform field paths to form fields', () => {
  expect(toWire(createDefaults).pathOf(at('metadata.name'))).toBe('name')
  expect(toWire(createDefaults).pathOf(at('spec.groupIDs.1'))).toBe('groupIDs')
  expect(toWire(createDefaults).pathOf(at('metadata.tags.0.name'))).toBeUndefined()
})
