// The WebAssembly SIMD kernel (kernels.wat) behind the similarity matrix and the PCA rounds: several times the
// JavaScript loops' speed (bench/vector-math.bench.ts times both). Where WebAssembly or its SIMD is missing, or a
// policy forbids compiling it, `kernels()` is null and vector-math falls back to the JavaScript loops, which give the
// same numbers.

import { KERNELS_WASM } from './kernels.wasm'

interface KernelExports {
  memory: WebAssembly.Memory
  product(
    a: number,
    first: number,
    last: number,
    b: number,
    rowsB: number,
    d: number,
    out: number,
    symmetric: number,
  ): void
}

// Rows per kernel call: V8 swaps in the optimised kernel only between calls (see kernels.wat), so a long product
// is split; 500 calls for a 1,000-row matrix cost nothing next to the work.
const ROWS_PER_CALL = 2

function product(
  exports: KernelExports,
  a: number,
  rowsA: number,
  b: number,
  rowsB: number,
  d: number,
  out: number,
  symmetric: boolean,
) {
  for (let first = 0; first < rowsA; first += ROWS_PER_CALL) {
    exports.product(a, first, Math.min(first + ROWS_PER_CALL, rowsA), b, rowsB, d, out, symmetric ? 1 : 0)
  }
}

let loaded: KernelExports | null | undefined

function kernels(): KernelExports | null {
  if (loaded === undefined) {
    try {
      const bytes = Uint8Array.from(atob(KERNELS_WASM), (c) => c.charCodeAt(0))
      loaded = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports as unknown as KernelExports
    } catch {
      loaded = null
    }
  }
  return loaded
}

/** Tests force the JavaScript path with `false`, and restore the default with `undefined`. */
export function setKernelsForTesting(enabled: false | undefined) {
  loaded = enabled === false ? null : undefined
}

export function kernelsAvailable(): boolean {
  return kernels() !== null
}

const PAGE = 65_536
const MAX_BLOCK = 8
// Counts the calls that overwrite the module's memory, so an operator knows whether its matrix is still there.
let calls = 0
const ceil4 = (x: number) => Math.ceil(x / 4) * 4

/** A float32 view of the module's memory, grown to at least `floats` values (growing detaches older views). */
function memory(exports: KernelExports, floats: number): Float32Array {
  const needed = floats * 4 - exports.memory.buffer.byteLength
  if (needed > 0) exports.memory.grow(Math.ceil(needed / PAGE))
  return new Float32Array(exports.memory.buffer)
}

/** Copies `rows` rows of `cols` values into `view` at float offset `at`, with row stride `stride` (zero-padded). */
function copyPadded(
  view: Float32Array,
  at: number,
  source: Float32Array,
  rows: number,
  cols: number,
  stride: number,
  paddedRows: number,
) {
  if (stride === cols) view.set(source.subarray(0, rows * cols), at)
  else {
    view.fill(0, at, at + rows * stride)
    for (let i = 0; i < rows; i++) view.set(source.subarray(i * cols, (i + 1) * cols), at + i * stride)
  }
  view.fill(0, at + rows * stride, at + paddedRows * stride)
}

/** The n × n matrix of dot products among the first n rows (of `cols` values each); null without the kernel. */
export function gramWasm(data: Float32Array, n: number, cols: number): Float32Array | null {
  const exports = kernels()
  if (!exports) return null
  const stride = ceil4(cols)
  const size = ceil4(n)
  const outAt = size * stride
  const view = memory(exports, outAt + size * size)
  calls++
  copyPadded(view, 0, data, n, cols, stride, size)
  product(exports, 0, size, 0, size, stride, outAt * 4, true)
  const out = new Float32Array(n * n)
  if (size === n) out.set(view.subarray(outAt, outAt + n * n))
  else for (let i = 0; i < n; i++) out.set(view.subarray(outAt + i * size, outAt + i * size + n), i * n)
  return out
}

/**
 * z_t = M q_t for a block of up to 8 vectors, with the n × n matrix M copied into the module's memory once: the
 * operator for the power iteration's rounds. Another kernel call in between overwrites that memory, so the
 * operator copies M again when one has happened. Null without the kernel.
 */
export function matrixOperatorWasm(
  matrix: Float32Array,
  n: number,
): ((qs: Float64Array[], zs: Float64Array[]) => void) | null {
  const exports = kernels()
  if (!exports) return null
  const stride = ceil4(n)
  const qAt = stride * stride
  const zAt = qAt + MAX_BLOCK * stride
  let owner = -1
  return (qs, zs) => {
    if (qs.length > MAX_BLOCK) throw new RangeError(`at most ${MAX_BLOCK} vectors per product`)
    const block = ceil4(qs.length)
    const view = memory(exports, zAt + stride * MAX_BLOCK)
    if (owner !== calls) {
      copyPadded(view, 0, matrix, n, n, stride, stride)
      owner = ++calls
    }
    view.fill(0, qAt, qAt + block * stride)
    qs.forEach((q, t) => {
      const at = qAt + t * stride
      for (let j = 0; j < n; j++) view[at + j] = q[j]!
    })
    product(exports, 0, stride, qAt * 4, block, stride, zAt * 4, false)
    zs.forEach((z, t) => {
      for (let i = 0; i < n; i++) z[i] = view[zAt + i * block + t]!
    })
  }
}
