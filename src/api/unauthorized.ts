// 401 is handled in one place: the client tells every subscriber (the app shows a sign-in overlay, then retries),
// and the request still rejects with an ApiError so the caller's own state stays truthful. No redirect.

import type { ApiError } from './errors'

type Listener = (error: ApiError) => void

const listeners = new Set<Listener>()

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
