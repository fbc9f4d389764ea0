import Big from 'big.js'
import { afterEach, describe, expect, it } from 'vitest'
import { german } from '../test/number-grouping'
import { groupNumbersAs } from './number-grouping'
import {
  formatPrice,
  formatPricePerMillion,
  formatUsd,
  monthlyCost,
  parsePrice,
  requestCost,
  tokenCost,
} from './pricing'

describe('parsePrice', () => {
  it('reads decimal strings and refuses anything else', () => {
    expect(parsePrice('0.0100')?.toString()).toBe('0.01')
    expect(parsePrice('3.50')?.toString()).toBe('3.5')
    expect(parsePrice('-1')).toBeUndefined()
    expect(parsePrice('1e3')).toBeUndefined()
    expect(parsePrice('')).toBeUndefined()
    expect(parsePrice(undefined)).toBeUndefined()
  })
})

describe('cost arithmetic', () => {
  it('is exact where floats are not', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004
    const sum = tokenCost(1_000_000, new Big('0.1')).plus(tokenCost(1_000_000, new Big('0.2')))
    expect(sum.toString()).toBe('0.3')
    expect(tokenCost(3, new Big('0.0100')).toString()).toBe('3e-8')
  })

  it('adds input and output per request and scales to a 30-day month', () => {
    const prices = { input: new Big('0.88'), output: new Big('0.88') }
    expect(requestCost(prices, { inputTokens: 1000, outputTokens: 500 })?.toString()).toBe('0.00132')
    expect(
      monthlyCost(prices, { inputTokens: 1000, outputTokens: 500, requests: 10_000, per: 'day' })?.toString(),
    ).toBe('396')
    expect(
      monthlyCost(prices, { inputTokens: 1000, outputTokens: 500, requests: 10_000, per: 'month' })?.toString(),
    ).toBe('13.2')
  })

  it('prices embeddings on input alone and gives no cost when a needed price is missing', () => {
    expect(
      monthlyCost(
        { input: new Big('0.02') },
        { inputTokens: 500, outputTokens: 0, requests: 1000, per: 'month' },
      )?.toString(),
    ).toBe('0.01')
    expect(
      monthlyCost({ input: new Big('0.02') }, { inputTokens: 500, outputTokens: 10, requests: 1000, per: 'month' }),
    ).toBeUndefined()
    expect(requestCost({}, { inputTokens: 1, outputTokens: 0 })).toBeUndefined()
  })
})

describe('formatting', () => {
  it('writes per-million prices like a pricing page', () => {
    expect(formatPricePerMillion('0.88')).toBe('$0.88 / 1M tokens')
    expect(formatPricePerMillion('0.0200')).toBe('$0.02 / 1M tokens')
    expect(formatPricePerMillion('0.0080')).toBe('$0.008 / 1M tokens')
    expect(formatPricePerMillion('3.5')).toBe('$3.50 / 1M tokens')
    expect(formatPricePerMillion('1200')).toBe('$1,200.00 / 1M tokens')
    expect(formatPricePerMillion(undefined)).toBe('Price not listed')
    expect(formatPrice(new Big('0'))).toBe('$0.00')
  })

  it('writes costs to the cent, and tiny costs with two significant digits', () => {
    expect(formatUsd(new Big('396'))).toBe('$396.00')
    expect(formatUsd(new Big('1234567.891'))).toBe('$1,234,567.89')
    expect(formatUsd(new Big('0.005'))).toBe('$0.005')
    expect(formatUsd(new Big('0.00000243'))).toBe('$0.0000024')
    expect(formatUsd(new Big('0.00132'))).toBe('$0.0013')
    expect(formatUsd(new Big('0'))).toBe('$0.00')
    expect(formatUsd(new Big('0.1').plus('0.2'))).toBe('$0.30')
  })

  describe("in the reader's language", () => {
    afterEach(() => groupNumbersAs(null))

    it('writes prices and costs as German does, every digit kept', () => {
      groupNumbersAs(german)
      expect(formatPricePerMillion('1200')).toBe('1.200,00\u00a0$ / 1M tokens')
      expect(formatPrice(new Big('0.0080'))).toBe('0,008\u00a0$')
      expect(formatUsd(new Big('1234567.891'))).toBe('1.234.567,89\u00a0$')
      expect(formatUsd(new Big('0.00000243'))).toBe('0,0000024\u00a0$')
    })

    it("leaves dollars to Intl in the reader's language where the server found no way of writing them", () => {
      groupNumbersAs({ ...german, dollars: null })
      expect(formatUsd(new Big('1234.5'))).toBe(
        new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'USD' }).format(1234.5),
      )
    })
  })
})
