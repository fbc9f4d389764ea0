import { describe, expect, it } from 'vitest'
import { batchAnswer, joinRows, readAnswer } from './answer'

const base64 = (values: number[]) => Buffer.from(new Float32Array(values).buffer).toString('base64')
const answerText = (embeddings: unknown[]) =>
  JSON.stringify({
    object: 'list',
    model: 'bge-m3',
    data: embeddings.map((embedding, i) => ({ object: 'embedding', index: embeddings.length - 1 - i, embedding })),
    usage: { prompt_tokens: 7, total_tokens: 7 },
  })

describe('readAnswer', () => {
  it('reads float and base64 answers into the same rows, with each row’s index and the usage', () => {
    const rows = [
      [0.5, -1.25, 3],
      [2, 0, -0.75],
    ]
    const float = readAnswer(answerText(rows))
    const encoded = readAnswer(answerText(rows.map(base64)))
    for (const answer of [float, encoded]) {
      expect([...answer.data]).toEqual(rows.flat())
      expect(answer.cols).toBe(3)
      expect([...answer.indices]).toEqual([1, 0])
      expect(answer.usage).toEqual({ prompt_tokens: 7, total_tokens: 7 })
    }
  })

  it('says what is wrong with an answer it cannot read', () => {
    expect(() => readAnswer('<html>Bad gateway</html>')).toThrow('The answer is not JSON.')
    expect(() => readAnswer(JSON.stringify({ data: [{ index: 'x', embedding: [1] }], usage: {} }))).toThrow(
      /Unexpected answer at data\.0\.index/,
    )
    expect(() => readAnswer(answerText([[1, 2], [3]]))).toThrow('Vector 1 has 1 values where vector 0 has 2.')
    expect(() => readAnswer(answerText([[1, 'two']]))).toThrow('Vector 0 has a value that is not a number at 1.')
  })
})

describe('batchAnswer and joinRows', () => {
  it('put each vector in its input’s place and join the batches row after row', () => {
    const first = batchAnswer(
      readAnswer(
        answerText([
          [3, 4],
          [1, 2],
        ]),
      ),
    )
    expect(first.data.map((item) => [item.index, [...item.embedding]])).toEqual([
      [1, [3, 4]],
      [0, [1, 2]],
    ])
    const rows = [first.data[1]!.embedding, first.data[0]!.embedding, new Float32Array([5, 6])]
    expect(joinRows(rows)).toEqual({ data: new Float32Array([1, 2, 3, 4, 5, 6]), cols: 2 })
  })

  it('refuses batches whose vectors differ in size', () => {
    expect(() => joinRows([new Float32Array([1, 2]), new Float32Array([1])])).toThrow(
      'The service answered vectors of different sizes: input 1 has 1 values where input 0 has 2.',
    )
  })
})
