import type { NumberGrouping } from '../lib/number-grouping'

/** What the console server reads from Intl for a German browser (server/console/number-grouping.ts). */
export const german: NumberGrouping = {
  locale: 'de-DE',
  digits: [...'0123456789'],
  separator: '.',
  primary: 3,
  secondary: 3,
  minimumGroupingDigits: 1,
  decimal: ',',
  negative: { prefix: '-', suffix: '' },
  dollars: { prefix: '', suffix: '\u00a0$', separator: '.', decimal: ',' },
}
