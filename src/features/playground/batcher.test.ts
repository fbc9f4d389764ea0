import { describe, expect, it } from 'vitest'
import { estimateTokens, planBatches, runBatches, type BatchAnswer, type BatchRange } from './batcher'

const texts = (count: number, length = 3) => Array.from({ length: count }, (_, i) => `${i}`.padEnd(length, 'x'))

describe('planBatches', () => {
  it('keeps each batch within 2,048 inputs and covers every input once, in order', () => {
    const batches = planBatches(texts(5000))
    expect(batches.map((b) => [b.start, b.end])).toEqual([
      [0, 2048],
      [2048, 4096],
      [4096, 5000],
    ])
  })

  it('closes a batch before the token budget is exceeded', () => {
    // 30 characters estimate to 10 tokens; a 25-token budget fits two inputs.
    const batches = planBatches(texts(5, 30), { maxInputs: 100, maxTokens: 25 })
    expect(batches.map((b) => [b.start, b.end, b.estimatedTokens])).toEqual([
      [0, 2, 20],
      [2, 4, 20],
      [4, 5, 10],
    ])
  })

  it('gives an oversized input a batch of its own and plans nothing for no inputs', () => {
    const batches = planBatches(['short', 'x'.repeat(300), 'short'], { maxInputs: 10, maxTokens: 50 })
    expect(batches.map((b) => [b.start, b.end])).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
    ])
    expect(planBatches([])).toEqual([])
  })

  it('estimates at least one token, a token per three characters', () => {
    expect(estimateTokens('')).toBe(1)
    expect(estimateTokens('abcd')).toBe(2)
    expect(estimateTokens('x'.repeat(300))).toBe(100)
  })
})

// A fake embeddings endpoint: vector [global index], items returned in reverse order to exercise reassembly.
function fakeSend(calls: BatchRange[]) {
  return async (batch: BatchRange): Promise<BatchAnswer> => {
    calls.push(batch)
    const data = Array.from({ length: batch.end - batch.start }, (_, i) => ({
      index: i,
      embedding: [batch.start + i],
    })).reverse()
    return { data, usage: { prompt_tokens: batch.end - batch.start, total_tokens: batch.end - batch.start } }
  }
}

describe('runBatches', () => {
  it('reassembles vectors by index across batches, sums usage and reports progress', async () => {
    const batches = planBatches(texts(10), { maxInputs: 4, maxTokens: 1000 })
    const calls: BatchRange[] = []
    const progress: string[] = []
    const result = await runBatches(batches, fakeSend(calls), {
      onProgress: (p) => progress.push(`${p.batchesDone}/${p.batches}:${p.inputsDone}/${p.inputs}`),
    })
    expect(result.vectors).toEqual(Array.from({ length: 10 }, (_, i) => [i]))
    expect(result.promptTokens).toBe(10)
    expect(progress).toEqual(['1/3:4/10', '2/3:8/10', '3/3:10/10'])
    expect(calls).toHaveLength(3)
  })

  it('stops before the next batch once cancelled', async () => {
    const batches = planBatches(texts(10), { maxInputs: 2, maxTokens: 1000 })
    const controller = new AbortController()
    const calls: BatchRange[] = []
    const send = fakeSend(calls)
    const run = runBatches(
      batches,
      async (batch) => {
        const answer = await send(batch)
        if (calls.length === 2) controller.abort(new DOMException('cancelled', 'AbortError'))
        return answer
      },
      { signal: controller.signal },
    )
    await expect(run).rejects.toMatchObject({ name: 'AbortError' })
    expect(calls).toHaveLength(2)
  })

  it('fails when an answer misses an input or points outside its batch', async () => {
    const batches = planBatches(texts(3), { maxInputs: 3, maxTokens: 1000 })
    const usage = { prompt_tokens: 1, total_tokens: 1 }
    await expect(runBatches(batches, async () => ({ data: [{ index: 0, embedding: [0] }], usage }))).rejects.toThrow(
      'no vector for input 1',
    )
    await expect(runBatches(batches, async () => ({ data: [{ index: 7, embedding: [0] }], usage }))).rejects.toThrow(
      'index 7',
    )
  })

  it('passes a failed batch error through', async () => {
    const batches = planBatches(texts(3), { maxInputs: 1, maxTokens: 1000 })
    await expect(runBatches(batches, async () => Promise.reject(new Error('429 rate limited')))).rejects.toThrow('429')
  })
})
