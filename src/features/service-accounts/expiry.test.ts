import { describe, expect, it } from 'vitest'
import { EXPIRY_WARNING_DAYS, expiryOf, expiryText, needsAttention } from './expiry'

const now = Date.parse('2025-06-01T12:00:00Z')
const inDays = (d: number) => new Date(now + d * 86_400_000).toISOString()

describe('expiryOf', () => {
  it('warns from 30 days before expiry, not a moment earlier', () => {
    expect(expiryOf(inDays(EXPIRY_WARNING_DAYS), now)).toEqual({ kind: 'soon', daysLeft: 30 })
    expect(expiryOf(new Date(now + EXPIRY_WARNING_DAYS * 86_400_000 + 1000).toISOString(), now).kind).toBe('ok')
    expect(expiryOf(inDays(1), now)).toEqual({ kind: 'soon', daysLeft: 1 })
    expect(expiryOf(inDays(0.5), now)).toEqual({ kind: 'soon', daysLeft: 0 })
    expect(expiryOf(inDays(82), now)).toEqual({ kind: 'ok', daysLeft: 82 })
  })

  it('calls a past (or this very moment) expiry expired, counting whole days', () => {
    expect(expiryOf(inDays(0), now)).toEqual({ kind: 'expired', daysAgo: 0 })
    expect(expiryOf(inDays(-5.2), now)).toEqual({ kind: 'expired', daysAgo: 5 })
  })

  it('says nothing about a missing or unreadable expiry', () => {
    expect(expiryOf(undefined, now)).toEqual({ kind: 'unknown' })
    expect(expiryOf('next tuesday', now)).toEqual({ kind: 'unknown' })
    expect(needsAttention(expiryOf(undefined, now))).toBe(false)
  })

  it('flags soon and expired, not ok', () => {
    expect(needsAttention(expiryOf(inDays(-1), now))).toBe(true)
    expect(needsAttention(expiryOf(inDays(12), now))).toBe(true)
    expect(needsAttention(expiryOf(inDays(45), now))).toBe(false)
  })
})

describe('expiryText', () => {
  it.each([
    [-5, 'Expired 5 days ago'],
    [-1, 'Expired 1 day ago'],
    [-0.1, 'Expired today'],
    [0.2, 'Expires today'],
    [1.5, 'Expires in 1 day'],
    [12, 'Expires in 12 days'],
  ])('%d days from now reads %j', (d, text) => {
    expect(expiryText(expiryOf(inDays(d), now))).toBe(text)
  })
})
