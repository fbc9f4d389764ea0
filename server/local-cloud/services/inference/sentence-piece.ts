// The sentence encoder's tokenizer: Universal Sentence Encoder lite's SentencePiece unigram model (the Viterbi path
// of the highest-scoring pieces of its vocabulary), as @energetic-ai/embeddings 0.2.0 implements it (Apache-2.0,
// from TensorFlow.js models' universal-sentence-encoder). Its own copy here because that package's entry loads and
// starts TensorFlow.js's WebAssembly backend (memory, and time) into whatever thread imports it: the embeddings
// thread tokenizes, and the graph runs on encoder threads (encoder-worker.ts). sentence-piece.test.ts checks that it
// gives the package's token ids.

/** The vocabulary's pieces: [piece, score], a piece's id being its index. */
export type Vocabulary = readonly (readonly [string, number])[]

const SEPARATOR = '\u2581'
/** The vocabulary's first ids are control symbols, never matched in text. */
const RESERVED_SYMBOLS = 6
/** A symbol no piece starts with: the unknown id, 0, one symbol long, scoring 0. */
const UNKNOWN = { id: 0, length: 1, score: 0 }

interface TrieNode {
  children: Map<string, TrieNode>
  /** The piece that ends here: its id and score. */
  piece?: { id: number; length: number; score: number }
}

export interface SentencePiece {
  encode(text: string): number[]
}

export function sentencePiece(vocabulary: Vocabulary): SentencePiece {
  const root: TrieNode = { children: new Map() }
  for (let id = RESERVED_SYMBOLS; id < vocabulary.length; id++) {
    const [text, score] = vocabulary[id]!
    const symbols = [...text]
    let node = root
    for (const symbol of symbols) {
      let child = node.children.get(symbol)
      if (!child) node.children.set(symbol, (child = { children: new Map() }))
      node = child
    }
    node.piece = { id, length: symbols.length, score }
  }

  return {
    encode(input) {
      const normalized = input.normalize('NFKC')
      const symbols = normalized.length > 0 ? [...(SEPARATOR + normalized.replace(/ /g, SEPARATOR))] : []
      // best[end]: the highest total score of pieces covering symbols[0, end), and words[end] the last piece's id.
      const best = new Array<number>(symbols.length + 1).fill(0)
      const words = new Array<number>(symbols.length + 1).fill(0)
      const ending: { id: number; length: number; score: number }[][] = Array.from(
        { length: symbols.length + 1 },
        () => [],
      )
      for (let start = 0; start < symbols.length; start++) {
        let node = root.children.get(symbols[start]!)
        let matched = false
        for (let i = start; i < symbols.length && node; i++) {
          if (node.piece) {
            ending[start + node.piece.length]!.push(node.piece)
            matched = true
          }
          node = node.children.get(symbols[i + 1]!)
        }
        if (!matched) ending[start + 1]!.push(UNKNOWN)
      }
      // Each end's pieces are in the package's order (by start, then shortest first), and the last of a tie wins.
      for (let end = 0; end <= symbols.length; end++) {
        for (const { id, length, score } of ending[end]!) {
          const total = score + best[end - length]!
          if (best[end] === 0 || total >= best[end]!) {
            best[end] = total
            words[end] = id
          }
        }
      }
      const ids: number[] = []
      // Back by the piece's length in UTF-16 units, as the package does (the vocabulary has no piece beyond the BMP).
      for (let end = words.length - 1; end > 0; end -= vocabulary[words[end]!]![0].length) ids.push(words[end]!)
      // Runs of unknown symbols become one unknown id.
      const merged: number[] = []
      let previousUnknown = false
      for (const id of ids) {
        if (!(previousUnknown && id === 0)) merged.push(id)
        previousUnknown = id === 0
      }
      return merged.reverse()
    },
  }
}
