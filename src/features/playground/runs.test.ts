import Big from 'big.js'
import { describe, expect, it } from 'vitest'
import {
  compareRuns,
  createRunHistory,
  medianRequestMs,
  runCost,
  runToCsv,
  runToJson,
  runToJsonl,
  runToProjectorTsv,
  type Run,
} from './runs'
import { formatUsd } from '../../lib/pricing'

function run(id: number, vectors: number[][], fields: Partial<Run> = {}): Run {
  return {
    id,
    finishedAt: 0,
    model: 'bge-m3',
    encodingFormat: 'float',
    requestedDimensions: null,
    user: '',
    inputs: vectors.map((_, i) => ({ text: `text ${i}` })),
    vectors: Float32Array.from(vectors.flat()),
    count: vectors.length,
    dimensions: vectors[0]?.length ?? 0,
    promptTokens: 12,
    batches: 1,
    durationMs: 5,
    requestMs: [4],
    ...fields,
  }
}

describe('run cost', () => {
  it('prices prompt tokens exactly with the catalog price', () => {
    expect(runCost({ promptTokens: 1_500_000, inputPricePerMillion: '0.0200' })?.toString()).toBe('0.03')
    expect(runCost({ promptTokens: 1, inputPricePerMillion: undefined })).toBeUndefined()
    expect(formatUsd(runCost({ promptTokens: 42, inputPricePerMillion: '0.0100' })!)).toBe('$0.00000042')
    expect(formatUsd(new Big('12.345'))).toBe('$12.35')
  })
})

describe('request latency', () => {
  it('is the middle request, or the mean of the middle two', () => {
    expect(medianRequestMs({ requestMs: [30, 10, 20] })).toBe(20)
    expect(medianRequestMs({ requestMs: [40, 10, 20, 30] })).toBe(25)
  })
})

describe('exports', () => {
  it('writes JSONL: one input per line, its label only when it has one', () => {
    const jsonl = runToJsonl(
      run(
        1,
        [
          [0.5, -0.25],
          [1, 0],
        ],
        { inputs: [{ text: 'hi', label: 'greeting' }, { text: 'say "bye"\nnow' }] },
      ),
    )
    expect(jsonl).toBe(
      '{"index":0,"text":"hi","label":"greeting","embedding":[0.5,-0.25]}\n' +
        '{"index":1,"text":"say \\"bye\\"\\nnow","embedding":[1,0]}\n',
    )
  })

  it('writes the Embedding Projector’s vectors.tsv and metadata.tsv, row for row', () => {
    const vectors = [
      [0.5, -0.25],
      [1, 0],
    ]
    const labelled = runToProjectorTsv(
      run(1, vectors, { inputs: [{ text: 'a\tb', label: 'x' }, { text: 'line\r\nbreak' }] }),
    )
    expect(labelled.vectors).toBe('0.5\t-0.25\n1\t0\n')
    // With labels, a header; tabs and line breaks inside a text become spaces.
    expect(labelled.metadata).toBe('text\tlabel\na b\tx\nline break\t\n')
    // Texts alone: one column, which the Projector reads without a header.
    expect(runToProjectorTsv(run(1, vectors)).metadata).toBe('text 0\ntext 1\n')
  })

  it('writes JSON in the API shape with texts and labels', () => {
    const parsed = JSON.parse(runToJson(run(1, [[0.5, -0.25]], { inputs: [{ text: 'hi', label: 'greeting' }] })))
    expect(parsed.data).toEqual([{ index: 0, text: 'hi', label: 'greeting', embedding: [0.5, -0.25] }])
    expect(parsed.usage.prompt_tokens).toBe(12)
  })

  it('writes CSV with one column per dimension and quoted texts', () => {
    const csv = runToCsv(
      run(
        1,
        [
          [1, 2],
          [3, 4],
        ],
        { inputs: [{ text: 'a, "b"' }, { text: 'c', label: 'x' }] },
      ),
    )
    expect(csv).toBe('index,label,text,d0,d1\n0,,"a, ""b""",1,2\n1,x,c,3,4\n')
  })
})

describe('compareRuns', () => {
  it('finds identical vectors identical and measures a difference', () => {
    expect(
      compareRuns(
        run(1, [
          [1, 0],
          [0, 1],
        ]),
        run(2, [
          [1, 0],
          [0, 1],
        ]),
      ),
    ).toEqual({ comparable: true, meanCosine: 1, minCosine: 1, maxAbsDifference: 0, identical: true })
    const other = compareRuns(
      run(1, [
        [1, 0],
        [0, 1],
      ]),
      run(2, [
        [1, 0],
        [1, 1],
      ]),
    )
    expect(other.comparable && other.minCosine).toBeCloseTo(Math.SQRT1_2, 6)
    expect(other.comparable && other.maxAbsDifference).toBe(1)
  })

  it('refuses runs of different inputs or sizes', () => {
    expect(
      compareRuns(
        run(1, [[1, 0]]),
        run(2, [
          [1, 0],
          [0, 1],
        ]),
      ),
    ).toMatchObject({ comparable: false })
    expect(compareRuns(run(1, [[1, 0]]), run(2, [[1, 0, 0]]))).toEqual({
      comparable: false,
      reason: 'The runs have different vector sizes (2 and 3).',
    })
  })
})

describe('run history', () => {
  it('keeps the newest runs up to its limit', () => {
    const history = createRunHistory(2)
    history.add(run(1, [[1]]))
    history.add(run(2, [[1]]))
    expect(history.add(run(3, [[1]])).map((r) => r.id)).toEqual([3, 2])
    expect(history.list().map((r) => r.id)).toEqual([3, 2])
  })
})
