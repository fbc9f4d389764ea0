/**
 * Inputs of made-up eight-letter words, the same on every call: the tokenizer has seen none of them, so each costs
 * it real work. The test that the event loop stays free and the bench that times its stalls embed the same load.
 */
export function unseenWordInputs(inputs = 200, wordsPerInput = 220): string[] {
  let seed = 3
  const word = () => {
    let w = ''
    for (let i = 0; i < 8; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      w += String.fromCharCode(97 + (seed % 26))
    }
    return w
  }
  return Array.from({ length: inputs }, () => Array.from({ length: wordsPerInput }, word).join(' '))
}
