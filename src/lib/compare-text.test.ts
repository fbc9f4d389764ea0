import { describe, expect, it } from 'vitest'
import { ASCII_ORDER, compareText } from './compare-text'

describe('compareText', () => {
  const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

  it('knows printable ASCII in the order Intl ranks it', () => {
    const printable = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).filter((c) => !/[A-Z]/.test(c))
    expect([...ASCII_ORDER]).toEqual(printable.sort(collator.compare))
  })

  it('orders names as Intl.Collator does: naturally, whatever the case, punctuation before digits before letters', () => {
    // Seeded, so a failure names the same pair on every run.
    let seed = 53
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const pieces = [
      'a',
      'B',
      'z',
      'Z',
      '0',
      '00',
      '007',
      '1',
      '2',
      '9',
      '10',
      '99',
      '100',
      '-',
      '_',
      '.',
      ' ',
      '/',
      '~',
      '$',
      'net',
      'Net',
      'é',
      'ß',
    ]
    const name = () =>
      Array.from({ length: 1 + Math.floor(random() * 5) }, () => pieces[Math.floor(random() * pieces.length)]).join('')
    for (let n = 0; n < 20_000; n++) {
      const [x, y] = [name(), name()]
      expect([x, y, Math.sign(compareText(x, y))]).toEqual([x, y, Math.sign(collator.compare(x, y))])
    }
    expect(['net-10', 'net-2', 'Net-1'].sort(compareText)).toEqual(['Net-1', 'net-2', 'net-10'])
  })
})
