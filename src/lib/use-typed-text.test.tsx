import { act, renderHook } from '@testing-library/react'
import { expect, it } from 'vitest'
import { useTypedText } from './use-typed-text'

/** The box's text while the kept text (the address) trails behind the keys, then changes by itself. */
it('keeps every key while the kept text catches up, and takes a change made elsewhere', () => {
  const sent: string[] = []
  const { result, rerender } = renderHook(({ kept }) => useTypedText(kept, (text) => sent.push(text)), {
    initialProps: { kept: '' },
  })
  for (const text of ['t', 'tr', 'tra']) act(() => result.current[1](text))
  expect(result.current[0]).toBe('tra')
  expect(sent).toEqual(['t', 'tr', 'tra'])
  // The address catches up one step, then skips one it never landed on: the box keeps its own text.
  rerender({ kept: 't' })
  expect(result.current[0]).toBe('tra')
  rerender({ kept: 'tra' })
  expect(result.current[0]).toBe('tra')
  // Back or a link changes the address by itself: the box takes its text.
  rerender({ kept: 'tr' })
  expect(result.current[0]).toBe('tr')
  rerender({ kept: '' })
  expect(result.current[0]).toBe('')
})
