// 401 is handled in one place: the client tells every subscriber (the app shows a sign-in overlay, then retries),
// and the request still rejects with an ApiError so the caller's own state stays truthful. No redirect.

import type { ApiError } from './errors'

type Listener = (error: ApiError) => void

const listeners = new Set<Listener>()
const waiting = new Set<(inPlace: boolean) => void>()

/** Calls `listener` on every 401 answer; returns the function that unsubscribes it. */
export function onUnauthorized(listener: Listener): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function notifyUnauthorized(error: ApiError): void {
  for (const listener of [...listeners]) listener(error)
}

/**
 * Resolves when the user has signed in again: true when in place (the page under the sign-in stayed as it was),
 * false when the page was replaced by the full sign-in page. False at once when nothing offers a sign-in.
 */
export function signedInAgain(): Promise<boolean> {
  if (listeners.size === 0) return Promise.resolve(false)
  return new Promise((resolve) => waiting.add(resolve))
}

/** Wakes each caller of signedInAgain once. */
export function notifySignedInAgain(inPlace: boolean): void {
  const woken = [...waiting]
  waiting.clear()
  for (const wake of woken) wake(inPlace)
}
