// An embeddings answer's parts (json-parts.ts), as the body of its response.

/**
 * The parts as a stream that hands out one part per turn of the event loop. Given whole, a large answer was copied
 * by the Response that carried it and written at once. Handed out as fast as they were read, the parts still went
 * out in one turn: over loopback the socket took each write at once, so the writer's loop ran through all of them in
 * promise callbacks, and the turn lasted as long as the kernel took to move the whole answer. Between parts every
 * other request now gets its turn (bench/embeddings-vectors.bench.ts prints the event loop's longest stall).
 */
export function inParts(parts: Uint8Array<ArrayBuffer>[]): ReadableStream<Uint8Array<ArrayBuffer>> {
  let next = 0
  return new ReadableStream({
    async pull(controller) {
      if (next > 0) await new Promise((resolve) => setImmediate(resolve))
      if (next < parts.length) controller.enqueue(parts[next++]!)
      if (next === parts.length) controller.close()
    },
  })
}
