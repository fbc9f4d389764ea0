import { describe, expect, it } from 'vitest'
import { groupNumbersAs } from '../../lib/number-grouping'
import { german } from '../../test/number-grouping'
import {
  checkRun,
  hasProblems,
  parseCsv,
  parseInputFile,
  parseLines,
  readDraft,
  writeDraft,
  type Draft,
} from './inputs'

describe('reading inputs', () => {
  it('takes one input per non-blank line of a text file', () => {
    expect(parseLines('first\r\n\n  second  \nthird\n')).toEqual([
      { text: 'first' },
      { text: 'second' },
      { text: 'third' },
    ])
  })

  it('reads a CSV by its header names, with quoted commas, quotes and line breaks', () => {
    const csv = 'id,label,text\n1,animal,"The cat, the dog"\n2,,"She said ""hi""\nand left"\n3,food,\n'
    expect(parseCsv(csv)).toEqual([{ text: 'The cat, the dog', label: 'animal' }, { text: 'She said "hi"\nand left' }])
  })

  it('reads a headerless CSV as text then label', () => {
    expect(parseInputFile('data.CSV', 'apples are red,fruit\nthe sky is blue,nature')).toEqual([
      { text: 'apples are red', label: 'fruit' },
      { text: 'the sky is blue', label: 'nature' },
    ])
    expect(parseInputFile('notes.txt', 'a,b\nc')).toEqual([{ text: 'a,b' }, { text: 'c' }])
  })
})

describe('checkRun', () => {
  const base = { model: 'bge-m3', dimensions: null, contextLength: 10, nativeDimensions: 1024 }

  it('lets a good run through', () => {
    expect(hasProblems(checkRun({ ...base, inputs: [{ text: 'hello' }] }))).toBe(false)
  })

  it('names each problem at its field', () => {
    const problems = checkRun({
      ...base,
      model: ' ',
      dimensions: 2048,
      inputs: [{ text: 'ok' }, { text: '  ' }, { text: 'x'.repeat(40) }],
    })
    expect(problems.model).toMatch(/Choose an embedding model/)
    expect(problems.dimensions).toBe(
      'This model makes 1,024-dimensional vectors: choose 1 to 1,024, or leave empty for all.',
    )
    expect(problems.rows.get(1)).toMatch(/empty/)
    expect(problems.rows.get(2)).toMatch(/About 14 tokens by our estimate; the model reads at most 10/)
    expect(problems.inputs).toBe('2 inputs need attention (first: input 2).')
  })

  it("writes the model's dimensions in the reader's language", () => {
    groupNumbersAs(german)
    try {
      expect(checkRun({ ...base, dimensions: 2048, inputs: [{ text: 'ok' }] }).dimensions).toBe(
        'This model makes 1.024-dimensional vectors: choose 1 to 1.024, or leave empty for all.',
      )
    } finally {
      groupNumbersAs(null)
    }
  })

  it('asks for inputs when there are none and refuses dimensions below 1', () => {
    const problems = checkRun({ ...base, dimensions: 0, inputs: [] })
    expect(problems.inputs).toMatch(/Add at least one input/)
    expect(problems.dimensions).toMatch(/at least 1/)
  })

  it('refuses to compare a model with itself', () => {
    const inputs = [{ text: 'hello' }]
    expect(checkRun({ ...base, inputs, compareModel: 'bge-m3' }).compareModel).toMatch(/pick another/)
    expect(hasProblems(checkRun({ ...base, inputs, compareModel: 'nomic-embed-text-v1.5' }))).toBe(false)
  })
})

describe('draft storage', () => {
  it('round-trips a draft and ignores anything malformed', () => {
    const store = new Map<string, string>()
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    }
    const draft: Draft = {
      inputs: [{ text: 'a', label: 'x' }],
      model: 'bge-m3',
      compareModel: 'nomic-embed-text-v1.5',
      encodingFormat: 'base64',
      dimensions: 256,
      user: 'me',
      judgements: [{ query: 'a', expected: [0] }],
    }
    expect(writeDraft(storage, draft)).toBe(true)
    expect(readDraft(storage)).toEqual(draft)
    store.set([...store.keys()][0]!, '{"inputs":[{"text":3}],"model":"m"}')
    expect(readDraft(storage)).toBeNull()
    expect(
      writeDraft(
        {
          setItem: () => {
            throw new DOMException('full', 'QuotaExceededError')
          },
        },
        draft,
      ),
    ).toBe(false)
  })
})
