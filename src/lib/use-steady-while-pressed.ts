import { useState, useSyncExternalStore } from 'react'

// Whether a pointer is pressed anywhere in the page, for as long as its press lasts: from the pointer going down until
// the click that ends it has been dispatched.
let pressed = false
const listeners = new Set<() => void>()
const set = (value: boolean) => {
  if (pressed === value) return
  pressed = value
  for (const listener of listeners) listener()
}
// The click follows pointerup in the same task: released after it, the press's click meets the layout it aimed at.
const release = () => setTimeout(() => set(false))

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    document.addEventListener('pointerdown', press, true)
    document.addEventListener('pointerup', release, true)
    document.addEventListener('pointercancel', release, true)
  }
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    if (listeners.size > 0) return
    document.removeEventListener('pointerdown', press, true)
    document.removeEventListener('pointerup', release, true)
    document.removeEventListener('pointercancel', release, true)
  }
}
const press = () => set(true)

/**
 * What a field shows under it that changes its height (its error), held as it was while a pointer is pressed. A press
 * on the next field blurs this one, and its error, shown there and then, pushed the next field down from under the
 * pointer: the press ended elsewhere and its click was lost (a Select that did not open, a Save not saved). The
 * message shows as the press ends, once its click has landed.
 */
export function useSteadyWhilePressed<T>(value: T): T {
  const pressing = useSyncExternalStore(
    subscribe,
    () => pressed,
    () => false,
  )
  const [shown, setShown] = useState(value)
  if (!pressing && shown !== value) setShown(value)
  return pressing ? shown : value
}
