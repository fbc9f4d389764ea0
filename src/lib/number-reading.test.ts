import { describe, expect, it } from 'vitest'
import { german } from '../test/number-grouping'
import { readNumber } from './number-reading'

describe('readNumber', () => {
  it('reads English, grouped or not, when the server sent no language', () => {
    for (const [typed, read] of [
      ['10,000', 10_000],
      ['12,345,678.5', 12_345_678.5],
      ['10000', 10_000],
      [' -5 ', -5],
      ['.5', 0.5],
      ['1e9', 1e9],
      ['0', 0],
    ] as const)
      expect(readNumber(typed, null), typed).toBe(read)
    expect(readNumber('', null)).toBeUndefined()
    expect(readNumber('   ', null)).toBeUndefined()
  })

  it('reads German: "1.000" is a thousand and "1,5" one and a half', () => {
    expect(readNumber('1.000', german)).toBe(1000)
    expect(readNumber('1,5', german)).toBe(1.5)
    expect(readNumber('1.234.567,25', german)).toBe(1_234_567.25)
    expect(readNumber('2500', german)).toBe(2500)
    expect(readNumber('−3', german)).toBe(-3)
  })

  it('takes the separator a reader types for the one the language writes: a space, an apostrophe', () => {
    const french = { ...german, separator: '\u202f', decimal: ',' }
    expect(readNumber('1 234 567,5', french)).toBe(1_234_567.5)
    expect(readNumber('1\u00a0234', french)).toBe(1234)
    const swiss = { ...german, separator: "'", decimal: '.' }
    expect(readNumber('1’234.5', swiss)).toBe(1234.5)
    expect(readNumber("1'234", swiss)).toBe(1234)
  })

  it('refuses what could be read two ways, or not at all, rather than guessing', () => {
    // "1.5" is not how German writes any number: one and a half, or fifteen?
    for (const typed of ['1.5', '1.00', '10.0000', '1,5,0']) expect(readNumber(typed, german), typed).toBeNaN()
    for (const typed of ['1,5', '1,00,000', '1.2.3', 'ten', '12abc', '--5', '1,'])
      expect(readNumber(typed, null), typed).toBeNaN()
  })
})
