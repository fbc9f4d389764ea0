import { useEffect, useRef, useState } from 'react'

/**
 * A text box whose text is also kept elsewhere (a list's search, in the page address) that reaches it later than
 * the keys do. The box owns its text while the user types and sends each change on; what comes back is either an echo
 * of a text it sent, which it ignores, or a change made elsewhere (back and forward, a link that clears the search),
 * which it takes. Tied to the address instead, a key pressed before the address had caught up was lost.
 */
export function useTypedText(kept: string, send: (text: string) => void): [string, (text: string) => void] {
  const [text, setText] = useState(kept)
  // The texts on their way to `kept`, oldest first: a navigation that never lands (one interrupted by the next) is
  // dropped with the older ones when a later one comes back.
  const sent = useRef<string[]>([])
  // Read after commit, never in render: the router renders a new address in a transition that the next key
  // interrupts, and a render of the page can meanwhile see an address older than the one the box last took.
  useEffect(() => {
    const at = sent.current.indexOf(kept)
    if (at >= 0) {
      sent.current.splice(0, at + 1)
      return
    }
    sent.current = []
    setText(kept)
  }, [kept])
  const type = (next: string) => {
    sent.current.push(next)
    setText(next)
    send(next)
  }
  return [text, type]
}
