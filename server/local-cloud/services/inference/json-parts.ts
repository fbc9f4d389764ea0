// An answer's JSON as UTF-8 bytes in parts of PART_BYTES, written a top-level array's element at a time: no string or
// buffer holds it whole. A large answer (1,000 inputs') was one string, then as many bytes again, on the embeddings
// thread; its parts are moved to the server's thread, which writes them to the socket one after another.

/** The size of a part: what the server writes to the socket at once. */
const PART_BYTES = 256 * 1024

const utf8 = new TextEncoder()

class Parts {
  readonly done: Uint8Array<ArrayBuffer>[] = []
  private part = new Uint8Array(PART_BYTES)
  private used = 0

  write(text: string): void {
    for (;;) {
      // encodeInto writes whole characters only: a character that does not fit starts the next part.
      const { read, written } = utf8.encodeInto(text, this.part.subarray(this.used))
      this.used += written
      if (read === text.length) return
      text = text.slice(read)
      this.done.push(this.part.subarray(0, this.used))
      this.part = new Uint8Array(PART_BYTES)
      this.used = 0
    }
  }

  end(): Uint8Array<ArrayBuffer>[] {
    if (this.used > 0) this.done.push(this.part.subarray(0, this.used))
    return this.done
  }
}

/** JSON.stringify(value)'s bytes, for a plain value (no toJSON, no undefined in arrays), in parts. */
export function jsonParts(value: unknown): Uint8Array<ArrayBuffer>[] {
  const out = new Parts()
  const writeArray = (items: readonly unknown[]) => {
    out.write('[')
    for (const [i, item] of items.entries()) out.write((i > 0 ? ',' : '') + JSON.stringify(item))
    out.write(']')
  }
  if (Array.isArray(value)) writeArray(value)
  else if (value === null || typeof value !== 'object') out.write(JSON.stringify(value))
  else {
    let first = true
    out.write('{')
    for (const [key, field] of Object.entries(value)) {
      if (field === undefined) continue
      out.write(`${first ? '' : ','}${JSON.stringify(key)}:`)
      first = false
      if (Array.isArray(field)) writeArray(field)
      else out.write(JSON.stringify(field))
    }
    out.write('}')
  }
  return out.end()
}
