import { describe, expect, it } from 'vitest'
import { consoleLines } from './console-text'

describe('console lines', () => {
  it('splits on every line ending and drops the empty line a final newline leaves', () => {
    expect(consoleLines('a\nb\r\nc\rd\n')).toEqual(['a', 'b', 'c', 'd'])
    expect(consoleLines('')).toEqual([])
  })

  it('strips colour and cursor sequences and shows other control characters as symbols', () => {
    expect(consoleLines('\u001b[1;32m[  OK  ]\u001b[0m Started \u001b]0;title\u0007x\u0007\u0000\u007f\n')).toEqual([
      '[  OK  ] Started x\u2407\u2400\u2421',
    ])
  })

  it('leaves markup as the text it is', () => {
    expect(consoleLines('<img src=x onerror=alert(1)>')).toEqual(['<img src=x onerror=alert(1)>'])
  })
})
