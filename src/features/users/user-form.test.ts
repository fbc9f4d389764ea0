import { describe, expect, it } from 'vitest'
import { userSchema } from '../../api/schemas/identity'
import {
  emailProblem,
  isSuspending,
  tagsNotKept,
  toCreateWire,
  toUpdateWire,
  updateDefaults,
  userCreateDefaults,
  userCreateForm,
  userUpdateForm,
  type UserCreateValues,
} from './user-form'
import { at, storedMetadata } from '../../test/form-fixtures'

const user = userSchema.parse({
  metadata: storedMetadata('u1', 'ada', { description: 'Ada', tags: [{ name: 'team', value: 'ml' }] }),
  spec: { subject: 'ada@example.com', state: 'active', groupIDs: ['g1'] },
  status: { lastAcive: '2025-02-01T00:00:00Z' },
})

/** The add form filled in for ada@example.com, with these values besides. */
const ada = (values: Partial<UserCreateValues> = {}) => ({
  ...userCreateDefaults,
  subject: 'ada@example.com',
  ...values,
})

describe('emailProblem', () => {
  it.each(['ada@example.com', 'a.b+tag@sub.example.co.uk', 'jürgen@bücher.example', '  ada@example.com  '])(
    'accepts %s',
    (address) => {
      expect(emailProblem(address)).toBeUndefined()
    },
  )

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
    expect(toCreateWire(values).body).toEqual({
      spec: { subject: 'ada@example.com', state: 'active', groupIDs: ['g1', 'g2'] },
    })
  })

  it('sends the name and description when given', () => {
    expect(toCreateWire(ada({ state: 'pending', name: 'ada', description: ' First ' })).body).toEqual({
      metadata: { name: 'ada', description: 'First' },
      spec: { subject: 'ada@example.com', state: 'pending', groupIDs: [] },
    })
  })

  it('sends the tags inside the metadata, trimmed, leaving blank rows out', () => {
    const values = ada({
      name: 'ada',
      tags: [
        { name: ' team ', value: ' ml ' },
        { name: '', value: '' },
        { name: 'owner', value: '' },
      ],
    })
    expect(userCreateForm.safeParse(values).success).toBe(true)
    expect(toCreateWire(values).body.metadata).toEqual({
      name: 'ada',
      tags: [
        { name: 'team', value: 'ml' },
        { name: 'owner', value: '' },
      ],
    })
  })

  it.each([
    ['tags', { tags: [{ name: 'team', value: 'ml' }] }, 'Tags need a name too'],
    ['a description', { description: 'x' }, 'A description needs a name too'],
    [
      'a description and tags',
      { description: 'x', tags: [{ name: 'team', value: 'ml' }] },
      'A description and tags need a name too',
    ],
  ])('asks for a name with %s, since they travel in the metadata the name heads', (_label, extra, message) => {
    const issues = userCreateForm.safeParse(ada(extra)).error?.issues
    expect(issues).toEqual([expect.objectContaining({ path: ['name'], message: expect.stringContaining(message) })])
  })

  it('needs no name for blank tag rows', () => {
    expect(userCreateForm.safeParse(ada({ tags: [{ name: ' ', value: '' }] })).success).toBe(true)
  })

  it('reports a half-filled tag row and a repeated tag name at the row', () => {
    const result = userCreateForm.safeParse(
      ada({
        name: 'ada',
        tags: [
          { name: '', value: 'ml' },
          { name: 'a', value: '1' },
          { name: 'a', value: '2' },
        ],
      }),
    )
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['tags.0.name', 'tags.2.name'])
  })

  it('reports a bad address at the subject and a description without a name at the name', () => {
    const result = userCreateForm.safeParse({ ...userCreateDefaults, subject: 'nope', description: 'x' })
    expect(result.success).toBe(false)
    const paths = result.error!.issues.map((issue) => issue.path.join('.'))
    expect(paths).toEqual(expect.arrayContaining(['subject', 'name']))
  })

  it('refuses a name the platform would refuse', () => {
    const result = userCreateForm.safeParse(ada({ name: '-ada' }))
    expect(result.error?.issues[0]?.path).toEqual(['name'])
  })

  it('refuses a state the platform does not know', () => {
    expect(
      userCreateForm.safeParse({ ...userCreateDefaults, subject: 'ada@example.com', state: 'banned' }).success,
    ).toBe(false)
  })
})

describe('user update form', () => {
  it('starts from the user, tags as rows', () => {
    expect(updateDefaults(user)).toEqual({ state: 'active', groupIDs: ['g1'], tags: [{ name: 'team', value: 'ml' }] })
  })

  it('sends the subject, name and description back unchanged, with the tags as edited', () => {
    const tags = [
      { name: 'team', value: 'ml' },
      { name: 'env', value: 'prod' },
    ]
    expect(toUpdateWire(user, { state: 'suspended', groupIDs: [], tags }).body).toEqual({
      metadata: { name: 'ada', description: 'Ada', tags },
      spec: { subject: 'ada@example.com', state: 'suspended', groupIDs: [] },
    })
  })

  it('keeps the tags on a change of state alone, and leaves them out once all are removed', () => {
    expect(toUpdateWire(user, { ...updateDefaults(user), state: 'suspended' }).body.metadata?.tags).toEqual([
      { name: 'team', value: 'ml' },
    ])
    expect(toUpdateWire(user, { ...updateDefaults(user), tags: [{ name: '', value: '' }] }).body.metadata).toEqual({
      name: 'ada',
      description: 'Ada',
    })
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
  expect(toCreateWire(userCreateDefaults).pathOf(at('spec.subject'))).toBe('subject')
  expect(toCreateWire(userCreateDefaults).pathOf(at('spec.groupIDs.3'))).toBe('groupIDs')
  expect(toCreateWire(userCreateDefaults).pathOf(at('metadata.name'))).toBe('name')
  expect(toCreateWire(userCreateDefaults).pathOf(at('spec.other'))).toBeUndefined()
})

it('maps a refused tag to the row it came from, counting only the rows that were sent', () => {
  const rows = [
    { name: '', value: '' },
    { name: 'team', value: 'ml' },
    { name: ' ', value: '' },
    { name: 'note', value: 'long' },
  ]
  expect(toCreateWire({ ...userCreateDefaults, tags: rows }).pathOf(at('metadata.tags.0.name'))).toBe('tags.1.name')
  expect(toCreateWire({ ...userCreateDefaults, tags: rows }).pathOf(at('metadata.tags.1.value'))).toBe('tags.3.value')
  expect(toCreateWire({ ...userCreateDefaults, tags: rows }).pathOf(at('metadata.tags.1'))).toBe('tags.3.name')
  // The list as a whole (too many tags) and an index the form never sent have no row: the top of the form says it.
  expect(toCreateWire({ ...userCreateDefaults, tags: rows }).pathOf(at('metadata.tags'))).toBeUndefined()
  expect(toCreateWire({ ...userCreateDefaults, tags: rows }).pathOf(at('metadata.tags.2.name'))).toBeUndefined()
})

describe('tags the platform did not keep', () => {
  const sent = toUpdateWire(user, {
    ...updateDefaults(user),
    tags: [
      { name: 'team', value: 'ml' },
      { name: 'env', value: 'prod' },
    ],
  }).body
  /** The user as the platform answered the update, with these tags. */
  const answered = (tags: { name: string; value: string }[] | undefined) => ({
    ...user,
    metadata: { ...user.metadata, tags },
  })

  it('are none when the answer carries every tag sent', () => {
    const tags = [
      { name: 'env', value: 'prod' },
      { name: 'team', value: 'ml' },
    ]
    expect(tagsNotKept(sent, answered(tags))).toEqual([])
  })

  it('are named when the answer lacks them or has another value', () => {
    expect(tagsNotKept(sent, answered(undefined))).toEqual(['team=ml', 'env=prod'])
    const tags = [
      { name: 'env', value: 'dev' },
      { name: 'team', value: 'ml' },
    ]
    expect(tagsNotKept(sent, answered(tags))).toEqual(['env=prod'])
  })

  it('are none when no tags were sent', () => {
    expect(tagsNotKept(toCreateWire(ada()).body, user)).toEqual([])
  })
})
