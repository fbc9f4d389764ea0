// Stable 32-bit hashing for feature hashing. Hashes UTF-16 code units, which every JavaScript engine
// stores identically, so a text hashes the same on every machine and across runs.

const FNV_PRIME = 0x01000193
const FNV_OFFSET = 0x811c9dc5

/** murmur3's 32-bit finaliser: spreads every input bit over the whole word (FNV-1a alone has weak low bits). */
export function mix32(x: number): number {
  let h = x | 0
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** FNV-1a over the string's code units, starting from a seed so that each model hashes differently. */
export function hashString(text: string, seed: number): number {
  let h = (FNV_OFFSET ^ seed) >>> 0
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, FNV_PRIME)
  }
  return mix32(h)
}
