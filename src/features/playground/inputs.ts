// The playground's inputs: texts with an optional label (from a CSV), read from files or pasted lines, checked
// before anything is sent, and kept in localStorage so they survive a reload.

import { estimateTokens } from './batcher'
import type { Judgement } from './retrieval'
import { formatNumber } from '../../lib/format'

export interface InputRow {
  text: string
  label?: string
}

/** One input per non-blank line; Windows line ends are fine. */
export function parseLines(text: string): InputRow[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => ({ text: line }))
}

/** RFC 4180 fields: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsvRecords(source: string): string[][] {
  const records: string[][] = []
  let field = ''
  let record: string[] = []
  let quoted = false
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        field += '"'
        i++
      } else if (ch === '"') quoted = false
      else field += ch
    } else if (ch === '"' && field === '') quoted = true
    else if (ch === ',') {
      record.push(field)
      field = ''
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i++
      record.push(field)
      records.push(record)
      record = []
      field = ''
    } else field += ch
  }
  if (field !== '' || record.length) {
    record.push(field)
    records.push(record)
  }
  return records.filter((r) => r.some((cell) => cell.trim() !== ''))
}

const TEXT_HEADERS = ['text', 'input', 'sentence', 'document', 'content']
const LABEL_HEADERS = ['label', 'category', 'class', 'group', 'tag']

/**
 * A CSV with a text column and an optional label column. With a header row, the columns are found by name (text,
 * input, sentence…; label, category…); without one, the first column is the text and the second the label.
 */
export function parseCsv(source: string): InputRow[] {
  const records = parseCsvRecords(source)
  const header = records[0]?.map((cell) => cell.trim().toLowerCase()) ?? []
  const textColumn = header.findIndex((name) => TEXT_HEADERS.includes(name))
  const hasHeader = textColumn !== -1
  const labelColumn = hasHeader ? header.findIndex((name) => LABEL_HEADERS.includes(name)) : 1
  return records
    .slice(hasHeader ? 1 : 0)
    .map((record) => {
      const text = (record[hasHeader ? textColumn : 0] ?? '').trim()
      const label = labelColumn === -1 ? undefined : record[labelColumn]?.trim() || undefined
      return label === undefined ? { text } : { text, label }
    })
    .filter((row) => row.text !== '')
}

export function parseInputFile(name: string, content: string): InputRow[] {
  return name.toLowerCase().endsWith('.csv') ? parseCsv(content) : parseLines(content)
}

export interface RunChecks {
  inputs: readonly InputRow[]
  model: string
  /** The second model of a comparison; empty for a one-model run. */
  compareModel?: string
  dimensions: number | null
  /** What the catalog says of the model, when it knows it. */
  contextLength?: number
  nativeDimensions?: number
}

export interface InputProblems {
  model?: string
  compareModel?: string
  dimensions?: string
  inputs?: string
  /** Problems of single inputs, by their position. */
  rows: Map<number, string>
}

/** Why the dimensions typed are refused (empty is all of the model's); undefined when they may go. */
export function dimensionsProblem(dimensions: number | null | undefined, nativeDimensions: number | undefined) {
  if (dimensions === null || dimensions === undefined) return undefined
  if (!Number.isInteger(dimensions) || dimensions < 1) return 'Dimensions must be a whole number of at least 1.'
  if (nativeDimensions !== undefined && dimensions > nativeDimensions)
    return `This model makes ${formatNumber(nativeDimensions)}-dimensional vectors: choose 1 to ${formatNumber(nativeDimensions)}, or leave empty for all.`
  return undefined
}

/** Everything wrong with a run before it is sent; empty when it may go. */
export function checkRun({
  inputs,
  model,
  compareModel = '',
  dimensions,
  contextLength,
  nativeDimensions,
}: RunChecks): InputProblems {
  const problems: InputProblems = { rows: new Map() }
  if (!model.trim()) problems.model = 'Choose an embedding model, or type a model id.'
  if (compareModel.trim() && compareModel.trim() === model.trim())
    problems.compareModel = 'This is the model above; pick another to compare with, or leave empty.'
  const dimensionsWrong = dimensionsProblem(dimensions, nativeDimensions)
  if (dimensionsWrong) problems.dimensions = dimensionsWrong
  if (inputs.length === 0)
    problems.inputs = 'Add at least one input: type it, paste lines or upload a .txt or .csv file.'
  inputs.forEach((input, i) => {
    if (input.text.trim() === '') problems.rows.set(i, 'This input is empty; write something or remove it.')
    else if (contextLength !== undefined && estimateTokens(input.text) > contextLength) {
      problems.rows.set(
        i,
        `About ${formatNumber(estimateTokens(input.text))} tokens by our estimate; the model reads at most ${formatNumber(contextLength)}. Shorten or split it.`,
      )
    }
  })
  if (problems.rows.size > 0) {
    const [first] = problems.rows.keys()
    problems.inputs = `${problems.rows.size === 1 ? 'One input needs' : `${formatNumber(problems.rows.size)} inputs need`} attention (first: input ${formatNumber(first! + 1)}).`
  }
  return problems
}

export const hasProblems = (p: InputProblems) =>
  Boolean(p.model || p.compareModel || p.dimensions || p.inputs || p.rows.size)

export interface Draft {
  inputs: InputRow[]
  model: string
  /** A second model that embeds the same inputs, side by side; empty for none. */
  compareModel: string
  encodingFormat: 'float' | 'base64'
  dimensions: number | null
  user: string
  /** Queries with the inputs that should match them, to score retrieval. */
  judgements: Judgement[]
}

export const EMPTY_DRAFT: Draft = {
  inputs: [],
  model: '',
  compareModel: '',
  // base64 by default: far fewer bytes than float's, and decoded off the main thread.
  encodingFormat: 'base64',
  dimensions: null,
  user: '',
  judgements: [],
}

const DRAFT_KEY = 'console.playground.draft.v1'

function isRow(value: unknown): value is InputRow {
  if (typeof value !== 'object' || value === null) return false
  const row = value as Record<string, unknown>
  return typeof row.text === 'string' && (row.label === undefined || typeof row.label === 'string')
}

function isJudgement(value: unknown): value is Judgement {
  if (typeof value !== 'object' || value === null) return false
  const judgement = value as Record<string, unknown>
  return (
    typeof judgement.query === 'string' &&
    Array.isArray(judgement.expected) &&
    judgement.expected.every((i) => Number.isInteger(i) && (i as number) >= 0)
  )
}

/** A draft from parsed JSON (saved or shared), or null when it is not one; what is missing takes its default. */
export function draftFrom(raw: unknown): Draft | null {
  if (typeof raw !== 'object' || raw === null) return null
  const d = raw as Record<string, unknown>
  if (!Array.isArray(d.inputs) || !d.inputs.every(isRow) || typeof d.model !== 'string') return null
  return {
    inputs: d.inputs.map((row: InputRow) =>
      row.label === undefined ? { text: row.text } : { text: row.text, label: row.label },
    ),
    model: d.model,
    compareModel: typeof d.compareModel === 'string' ? d.compareModel : '',
    encodingFormat: d.encodingFormat === 'base64' ? 'base64' : 'float',
    dimensions: typeof d.dimensions === 'number' && Number.isInteger(d.dimensions) ? d.dimensions : null,
    user: typeof d.user === 'string' ? d.user : '',
    judgements: Array.isArray(d.judgements) ? d.judgements.filter(isJudgement) : [],
  }
}

/** The saved draft, or null when there is none or it is not one (a stale or hand-edited entry is ignored). */
export function readDraft(storage: Pick<Storage, 'getItem'>): Draft | null {
  try {
    return draftFrom(JSON.parse(storage.getItem(DRAFT_KEY) ?? 'null'))
  } catch {
    return null
  }
}

/** Saves the draft; false when the browser refuses (storage full: a very large input set is not kept). */
export function writeDraft(storage: Pick<Storage, 'setItem'>, draft: Draft): boolean {
  try {
    storage.setItem(DRAFT_KEY, JSON.stringify(draft))
    return true
  } catch {
    return false
  }
}
