// Prices are decimal USD strings per million tokens. Every sum and product is exact decimal arithmetic (big.js), so
// a cost never shows float noise such as 0.30000000000000004; rounding happens once, when a figure is displayed.

import Big from 'big.js'
import { intlNumberFormat } from './format'
import { numberGrouping } from './number-grouping'
import { writeDollars } from './number-writing'

const MILLION = 1_000_000
/** A month in the calculator is 30 days, the convention of most pricing pages. */
export const DAYS_PER_MONTH = 30

/** The price as a decimal, or undefined when it is missing or not a non-negative decimal number. */
export function parsePrice(value: string | undefined | null): Big | undefined {
  if (value === undefined || value === null || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return undefined
  return new Big(value.trim())
}

/** What `tokens` tokens cost at a price per million tokens. */
export function tokenCost(tokens: number, pricePerMillion: Big): Big {
  return pricePerMillion.times(tokens).div(MILLION)
}

export interface UsagePlan {
  inputTokens: number
  outputTokens: number
  requests: number
  per: 'day' | 'month'
}

/** The cost of one request of the plan, or undefined when a price is unknown. */
export function requestCost(
  prices: { input?: Big; output?: Big },
  plan: Pick<UsagePlan, 'inputTokens' | 'outputTokens'>,
): Big | undefined {
  if (!prices.input || (plan.outputTokens > 0 && !prices.output)) return undefined
  const input = tokenCost(plan.inputTokens, prices.input)
  return prices.output ? input.plus(tokenCost(plan.outputTokens, prices.output)) : input
}

/** The cost of the plan over a 30-day month. */
export function monthlyCost(prices: { input?: Big; output?: Big }, plan: UsagePlan): Big | undefined {
  const perRequest = requestCost(prices, plan)
  if (!perRequest) return undefined
  const requestsPerMonth = plan.per === 'day' ? plan.requests * DAYS_PER_MONTH : plan.requests
  return perRequest.times(requestsPerMonth)
}

/**
 * Exact decimal digits ("1234.5") written as a dollar amount the way the reader's language writes one: "$1,234.5" in
 * English, "1.234,5 $" in German, every digit kept. Written as the console server read the language's way
 * (number-grouping.ts); before the configuration is read, or where the server found no way that matches Intl's, by
 * Intl in the page, which takes the digits as a decimal string and so keeps them exact too.
 */
function dollars(fixed: string): string {
  const grouping = numberGrouping()
  const written = grouping ? writeDollars(grouping, fixed) : undefined
  if (written !== undefined) return written
  const digits = fixed.split('.')[1]?.length ?? 0
  const options = { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits }
  return intlNumberFormat(options as Intl.NumberFormatOptions).format(fixed as `${number}`)
}

/**
 * A dollar amount as people read it: to the cent from one cent up ("$1,234.57"), and with two significant digits
 * below a cent ("$0.0000024"), so a tiny per-request cost does not read as $0.00. In the reader's language's way.
 */
export function formatUsd(amount: Big): string {
  if (amount.eq(0)) return dollars('0.00')
  if (amount.gte('0.01')) return dollars(amount.toFixed(2))
  const significant = new Big(amount.toPrecision(2))
  // Big keeps the exponent of the first significant digit in `e` (−6 for 0.0000024).
  const decimals = Math.max(2, 1 - significant.e)
  return dollars(significant.toFixed(decimals).replace(/0+$/, '').replace(/\.$/, ''))
}

/** A per-million price as pricing pages write it: at least two decimals, more only when they matter ("$0.008"). */
export function formatPrice(price: Big): string {
  // toFixed() without an argument writes every digit in plain notation (never "8e-3").
  const [integer = '0', fraction = ''] = price.toFixed().split('.')
  return dollars(`${integer}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`)
}

/** Every digit of an exact amount, as a dollar amount ("$0.0000132"): what a rounded cost stands for. */
export const formatUsdExactly = (amount: Big): string => dollars(amount.toFixed())

/** "$0.88 / 1M tokens", or "Price not listed". */
export function formatPricePerMillion(value: string | undefined): string {
  const price = parsePrice(value)
  return price ? `${formatPrice(price)} / 1M tokens` : 'Price not listed'
}
