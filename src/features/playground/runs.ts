// A finished run: what was sent, the vectors that came back (one flat Float32Array, the layout the worker takes),
// usage and cost. Runs of the session are kept in a bounded history to compare; exports write JSON, JSONL, CSV and
// the TensorFlow Embedding Projector's two TSV files.

import type Big from 'big.js'
import { parsePrice, tokenCost } from '../../lib/pricing'
import type { InputRow } from './inputs'
import { cosine } from './vector-math'

export interface Run {
  id: number
  finishedAt: number
  model: string
  encodingFormat: 'float' | 'base64'
  requestedDimensions: number | null
  user: string
  inputs: InputRow[]
  /** count × dimensions values, row-major. */
  vectors: Float32Array
  count: number
  dimensions: number
  promptTokens: number
  batches: number
  durationMs: number
  /** How long each request took, from sending it to its answer's last byte. */
  requestMs: number[]
  /** The other run of a two-model comparison of the same inputs. */
  pairedWith?: number
  /** The model's input price per million tokens from the catalog, when known. */
  inputPricePerMillion?: string
}

export function vectorOf(run: Run, i: number): Float32Array {
  return run.vectors.subarray(i * run.dimensions, (i + 1) * run.dimensions)
}

/** The run's cost from its token usage and the catalog price, exact; undefined when the price is unknown. */
export function runCost(run: Pick<Run, 'promptTokens' | 'inputPricePerMillion'>): Big | undefined {
  const price = parsePrice(run.inputPricePerMillion)
  return price && tokenCost(run.promptTokens, price)
}

/** The middle request's time (the mean of the middle two), in milliseconds. */
export function medianRequestMs(run: Pick<Run, 'requestMs'>): number {
  const sorted = [...run.requestMs].sort((x, y) => x - y)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

export function runToJson(run: Run): string {
  return JSON.stringify(
    {
      model: run.model,
      encoding_format: run.encodingFormat,
      dimensions: run.dimensions,
      usage: { prompt_tokens: run.promptTokens, total_tokens: run.promptTokens },
      data: run.inputs.map((input, i) => ({
        index: i,
        text: input.text,
        ...(input.label === undefined ? {} : { label: input.label }),
        embedding: Array.from(vectorOf(run, i)),
      })),
    },
    null,
    2,
  )
}

function csvCell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** index, label, text, then one column per dimension. */
export function runToCsv(run: Run): string {
  const header = ['index', 'label', 'text', ...Array.from({ length: run.dimensions }, (_, k) => `d${k}`)].join(',')
  const lines = run.inputs.map((input, i) =>
    [String(i), csvCell(input.label ?? ''), csvCell(input.text), ...Array.from(vectorOf(run, i), String)].join(','),
  )
  return [header, ...lines].join('\n') + '\n'
}

/** One JSON object per line and per input: index, text, label (when it has one) and embedding. */
export function runToJsonl(run: Run): string {
  return run.inputs
    .map((input, i) =>
      JSON.stringify({
        index: i,
        text: input.text,
        ...(input.label === undefined ? {} : { label: input.label }),
        embedding: Array.from(vectorOf(run, i)),
      }),
    )
    .map((line) => `${line}\n`)
    .join('')
}

/** A tab or line break would split a TSV cell, and the Projector has no quoting: they become spaces. */
const tsvCell = (value: string) => value.replace(/[\t\r\n]+/g, ' ')

/**
 * The TensorFlow Embedding Projector's files (projector.tensorflow.org, "Load"): vectors.tsv, one row of
 * tab-separated values per input and no header; metadata.tsv, its rows in the same order. The Projector reads a
 * one-column metadata file without a header and a wider one with a header, so texts alone have none and texts with
 * labels start with "text	label".
 */
export function runToProjectorTsv(run: Run): { vectors: string; metadata: string } {
  const vectors = run.inputs.map((_, i) => `${Array.from(vectorOf(run, i)).join('\t')}\n`).join('')
  const labelled = run.inputs.some((input) => input.label !== undefined)
  const rows = run.inputs.map((input) =>
    labelled ? `${tsvCell(input.text)}\t${tsvCell(input.label ?? '')}` : tsvCell(input.text),
  )
  const metadata = (labelled ? ['text\tlabel', ...rows] : rows).map((row) => `${row}\n`).join('')
  return { vectors, metadata }
}

export type RunComparison =
  | { comparable: false; reason: string }
  | { comparable: true; meanCosine: number; minCosine: number; maxAbsDifference: number; identical: boolean }

/** How close two runs' vectors are, input by input; only runs of the same inputs and vector size compare. */
export function compareRuns(a: Run, b: Run): RunComparison {
  if (a.count !== b.count || a.inputs.some((input, i) => input.text !== b.inputs[i]?.text))
    return { comparable: false, reason: 'The runs embedded different inputs.' }
  if (a.dimensions !== b.dimensions)
    return { comparable: false, reason: `The runs have different vector sizes (${a.dimensions} and ${b.dimensions}).` }
  let sum = 0
  let min = Infinity
  let maxAbsDifference = 0
  for (let i = 0; i < a.count; i++) {
    const x = vectorOf(a, i)
    const y = vectorOf(b, i)
    const c = cosine(x, y)
    sum += c
    min = Math.min(min, c)
    for (let k = 0; k < x.length; k++) maxAbsDifference = Math.max(maxAbsDifference, Math.abs(x[k]! - y[k]!))
  }
  return {
    comparable: true,
    meanCosine: sum / a.count,
    minCosine: min,
    maxAbsDifference,
    identical: maxAbsDifference === 0,
  }
}

/**
 * The session's runs, newest first, at most `limit` (vectors are large: 1,000 × 1,024 floats is 4 MB a run). A plain
 * list, not a store React subscribes to: the page copies it into its state in a transition, and a store's change would
 * force the page's render to run in one piece, a long task at the end of a large run (bench/playground-trace.bench.ts
 * times the page's longest task).
 */
export function createRunHistory(limit: number) {
  let runs: readonly Run[] = []
  return {
    /** Adds `run` and returns the list as it now is. */
    add(run: Run): readonly Run[] {
      runs = [run, ...runs].slice(0, limit)
      return runs
    },
    list: () => runs,
  }
}
