// The similarity heatmap as pixels, one per cell, built in the worker: a 256-colour table looked up per cell costs a
// few milliseconds for a million cells, where a canvas fillRect with a new colour string per cell took seconds.

import { scaleRgb } from './components/color-scale'

const SCALE_STEPS = 256

let table: Uint8Array | undefined
/** RGB of the scale at SCALE_STEPS even steps, built on first use. */
function colorTable(): Uint8Array {
  if (table) return table
  table = new Uint8Array(SCALE_STEPS * 3)
  for (let s = 0; s < SCALE_STEPS; s++) table.set(scaleRgb(s / (SCALE_STEPS - 1)), s * 3)
  return table
}

export interface HeatmapImage {
  /** size × size RGBA pixels, row-major: cell (i, j) is pixel (x = j, y = i). */
  pixels: Uint8ClampedArray<ArrayBuffer>
  /** The lowest similarity shown, the scale's bottom (below 1 even when every pair is identical). */
  low: number
  /**
   * The pixels already scaled to the canvas, where the worker can make a bitmap: scaling 2,000 × 2,000 cells on the
   * page was a long task on its main thread (bench/playground-trace.bench.ts runs 2,000 inputs).
   */
  bitmap?: ImageBitmap
}

/** The image scaled to side × side: crisp cells when they are larger than a pixel, averaged when smaller. */
export function scaledBitmap(image: HeatmapImage, size: number, side: number): Promise<ImageBitmap> {
  return createImageBitmap(new ImageData(image.pixels, size, size), {
    resizeWidth: side,
    resizeHeight: side,
    resizeQuality: size > side ? 'medium' : 'pixelated',
  })
}

/** Colours each cell of a size × size similarity matrix on the scale from its lowest value to 1. */
export function heatmapImage(similarity: Float32Array, size: number): HeatmapImage {
  const cells = size * size
  let min = 1
  for (let k = 0; k < cells; k++) if (similarity[k]! < min) min = similarity[k]!
  const low = Math.min(min, 0.999)
  const colors = colorTable()
  const scale = (SCALE_STEPS - 1) / (1 - low)
  const pixels = new Uint8ClampedArray(cells * 4)
  for (let k = 0; k < cells; k++) {
    const value = similarity[k]!
    const step = Number.isFinite(value) ? Math.min(SCALE_STEPS - 1, Math.max(0, Math.round((value - low) * scale))) : 0
    pixels[4 * k] = colors[3 * step]!
    pixels[4 * k + 1] = colors[3 * step + 1]!
    pixels[4 * k + 2] = colors[3 * step + 2]!
    pixels[4 * k + 3] = 255
  }
  return { pixels, low }
}
