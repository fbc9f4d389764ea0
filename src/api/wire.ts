// Outgoing bodies are sent in the shape the write schema knows. Edit forms often start from a read object, whose
// loose schemas keep unknown fields; those must not travel back to the server.

import type { z } from 'zod/mini'

/**
 * The body with unknown keys dropped. A body that does not match the schema (a half-filled form in the preview, a
 * value the server should judge) is returned as given: the server's validation message then reaches the form.
 */
export function knownFields<S extends z.ZodMiniType>(schema: S, body: z.input<S>): z.input<S> {
  const parsed = schema.safeParse(body)
  return parsed.success ? (parsed.data as z.input<S>) : body
}
