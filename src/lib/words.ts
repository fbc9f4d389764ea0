// Words as sentences need them.

/** Words at the start of a sentence or a heading: "File storage", "Networks", "Running". */
export function capitalized(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1)
}
