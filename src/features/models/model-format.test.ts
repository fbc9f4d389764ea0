import { describe, expect, it } from 'vitest'
import { formatContext, formatModelSize, formatModelType, formatParameters } from './model-format'

describe('model facts in human units', () => {
  it('gives parameters to three significant digits', () => {
    expect(formatParameters(70553706496)).toBe('70.6 B parameters')
    expect(formatParameters(8030261248)).toBe('8.03 B parameters')
    expect(formatParameters(405_000_000_000)).toBe('405 B parameters')
    expect(formatParameters(22713216)).toBe('22.7 M parameters')
    expect(formatParameters(undefined)).toBe('Parameters not listed')
  })

  it('gives weight sizes in decimal units', () => {
    expect(formatModelSize(141107412992)).toBe('141 GB')
    expect(formatModelSize(90868376)).toBe('90.9 MB')
    expect(formatModelSize(2_000_000_000_000)).toBe('2 TB')
    expect(formatModelSize(0)).toBe('—')
  })

  it('gives context lengths in K tokens', () => {
    expect(formatContext(131072)).toBe('128K tokens')
    expect(formatContext(8192)).toBe('8K tokens')
    expect(formatContext(512)).toBe('512 tokens')
    expect(formatContext(1 << 20)).toBe('1M tokens')
    expect(formatContext(100_000)).toBe('100,000 tokens')
    expect(formatContext(32768, '')).toBe('32K')
  })

  it('splits model types into words', () => {
    expect(formatModelType('TextGeneration')).toBe('Text generation')
    expect(formatModelType('Embedding')).toBe('Embedding')
  })
})
