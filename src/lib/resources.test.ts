import { describe, expect, it } from 'vitest'
import { createLabel, resources } from './resources'

describe('createLabel', () => {
  it('creates one of a counted resource, and a mass noun as it is', () => {
    expect(createLabel(resources.securityGroups)).toBe('Create security group')
    expect(createLabel(resources.fileStorage)).toBe('Create file storage')
  })

  it('keeps the words a resource gives its own form', () => {
    expect(createLabel(resources.users)).toBe('Add user')
  })
})
