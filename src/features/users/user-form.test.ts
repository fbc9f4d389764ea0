import { describe, expect, it } from 'vitest'
import { userSchema } from '../../api/schemas/identity'
import { emailProblem, formFieldFor, isSuspending, toCreateBody, toUpdateBody, updateDefaults, userCreateDefaults, userCreateForm, userUpdateForm } from './user-form'

const user = userSchema.parse({
  metadata: { id: 'u1', name: 'ada', description: 'Ada', organizationId: 'o', creationTime: '2025-01-01T00:00:00Z', provisioningStatus: 'provisioned', healthStatus: 'healthy' },
  spec: { subject: 'ada@example.com', state: 'active', groupIDs: ['g1'] },
  status: { lastAcive: '2025-02-01T00:00:00Z' },
})

describe('emailProblem', () => {
  it.each(['ada@example.com', 'a.b+tag@sub.example.co.uk', 'jürgen@bücher.example', '  ada@example.com  '])('accepts %s', (address) => {
    expect(emailProblem(address)).toBeUndefined()
  })

  it.each([
    ['', 'Enter the e-mail address'],
    ['ada', 'has an "@"'],
    ['ada@', 'Add the domain'],
    ['@example.com', 'Add the name before'],
    ['ada@@example.com', 'only one "@"'],
    ['ada@example', 'needs a dot'],
    ['ada@example..com', 'no empty parts'],
    ['ada@-example.com', 'letters, digits and "-"'],
    ['ada lovelace@example.com', 'no spaces'],
    [`${'a'.repeat(65)}@example.com`, 'at most 64'],
    [`ada@${'a'.repeat(250)}.com`, 'at most 254'],
  ])('refuses %j, saying why', (address, reason) => {
    expect(emailProblem(address)).toContain(reason)
  })
})

describe('user create form', () => {
  it('sends no metadata without a name, so the platform names the user', () => {
    const values = { ...userCreateDefaults, subject: ' ada@example.com ', groupIDs: ['g1', 'g2'] }
    expect(userCreateForm.safeParse(values).success).toBe(true)
    expect(toCreateBody(values)).toEqual({ spec: { subject: 'ada@example.com', state: 'active', groupIDs: ['g1', 'g2'] } })
  })

  it('sends the name and description when given', () => {
    expect(toCreateBody({ ...userCreateDefaults, subject: 'ada@example.com', state: 'pending', name: 'ada', description: ' First ' })).toEqual({
      metadata: { name: 'ada', description: 'First' },
      spec: { subject: 'ada@example.com', state: 'pending', groupIDs: [] },
    })
  })

  it('reports a bad address at the subject and a description without a name at the name', () => {
    const result = userCreateForm.safeParse({ ...userCreateDefaults, subject: 'nope', description: 'x' })
    expect(result.success).toBe(false)
    const paths = result.error!.issues.map((issue) => issue.path.join('.'))
    expect(paths).toEqual(expect.arrayContaining(['subject', 'name']))
  })

  it('refuses a name the platform would refuse', () => {
    const result = userCreateForm.safeParse({ ...userCreateDefaults, subject: 'ada@example.com', name: '-ada' })
    expect(result.error?.issues[0]?.path).toEqual(['name'])
  })

  it('refuses a state the platform does not know', () => {
    expect(userCreateForm.safeParse({ ...userCreateDefaults, subject: 'ada@example.com', state: 'banned' }).success).toBe(false)
  })
})

describe('user update form', () => {
  it('starts from the user and sends the subject back unchanged, without metadata', () => {
    const defaults = updateDefaults(user)
    expect(defaults).toEqual({ state: 'active', groupIDs: ['g1'] })
    expect(toUpdateBody(user, { state: 'suspended', groupIDs: [] })).toEqual({ spec: { subject: 'ada@example.com', state: 'suspended', groupIDs: [] } })
  })

  it('leaves a state it does not know unchosen, so saving never changes it silently', () => {
    const odd = { ...user, spec: { ...user.spec, state: 'locked' } }
    expect(userUpdateForm.safeParse(updateDefaults(odd)).success).toBe(false)
  })

  it('asks before suspending, and only then', () => {
    expect(isSuspending('active', 'suspended')).toBe(true)
    expect(isSuspending('pending', 'suspended')).toBe(true)
    expect(isSuspending('suspended', 'suspended')).toBe(false)
    expect(isSuspending('suspended', 'active')).toBe(false)
    expect(isSuspending('active', 'pending')).toBe(false)
  })
})

it('maps platform field paths to form fields', () => {
  expect(formFieldFor('spec.subject')).toBe('subject')
  expect(formFieldFor('spec.groupIDs.3')).toBe('groupIDs')
  expect(formFieldFor('metadata.name')).toBe('name')
  expect(formFieldFor('spec.other')).toBeUndefined()
})
