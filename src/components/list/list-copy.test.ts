import { describe, expect, it } from 'vitest'
import { listCopy } from './list-copy'

describe('listCopy', () => {
  it('names a counted resource in the plural', () => {
    const copy = listCopy({ noun: ['security group', 'security groups'] })
    expect(copy.title).toBe('Security groups')
    expect(copy.noneInScope).toBe('No security groups in this scope')
    expect(copy.noneMatch).toBe('No security groups match')
    expect(copy.notListed).toBe('This platform does not list security groups')
    expect(copy.noneYet(true)).toBe('No security groups yet')
  })

  it('names a mass noun as it is, with the singular verb', () => {
    const copy = listCopy({ noun: ['file system', 'file systems'], mass: 'file storage' })
    expect(copy.title).toBe('File storage')
    expect(copy.noneInScope).toBe('No file storage in this scope')
    expect(copy.noneMatch).toBe('No file storage matches')
  })

  it('says whose list is missing on an identity page, and that the create form still works', () => {
    const copy = listCopy({ noun: ['user', 'users'] })
    expect(copy.notListedHelp('Add')).toBe('Its identity service offers no list of users. You can still add one.')
    expect(copy.notListedHelp(undefined)).toBe('Its identity service offers no list of users.')
  })

  it('promises nothing "yet" where the list has no create button', () => {
    expect(listCopy({ noun: ['group', 'groups'] }).noneYet(false)).toBe('No groups')
  })
})
