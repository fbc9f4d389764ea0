import { describe, expect, it } from 'vitest'
import { scaleRgb } from './components/color-scale'
import { heatmapImage } from './heatmap-image'

const pixel = (pixels: Uint8ClampedArray, k: number) => Array.from(pixels.subarray(4 * k, 4 * k + 4))

describe('heatmapImage', () => {
  it('colours the lowest similarity with the bottom of the scale and 1 with the top, opaque', () => {
    const { pixels, low } = heatmapImage(Float32Array.from([1, 0.2, 0.2, 1]), 2)
    expect(low).toBeCloseTo(0.2)
    expect(pixel(pixels, 0)).toEqual([...scaleRgb(1), 255])
    expect(pixel(pixels, 1)).toEqual([...scaleRgb(0), 255])
    expect(pixel(pixels, 2)).toEqual([...scaleRgb(0), 255])
    expect(pixel(pixels, 3)).toEqual([...scaleRgb(1), 255])
  })

  it('places a mid value within one step of the exact scale colour', () => {
    const { pixels } = heatmapImage(Float32Array.from([1, 0.6, 0.6, 0.2]), 2)
    const exact = scaleRgb(0.5)
    pixel(pixels, 1)
      .slice(0, 3)
      .forEach((channel, c) => expect(Math.abs(channel - exact[c]!)).toBeLessThanOrEqual(2))
  })

  it('keeps a scale below 1 when every pair is identical, and reads a non-number as the bottom', () => {
    const { low, pixels } = heatmapImage(Float32Array.from([1, NaN, 1, 1]), 2)
    expect(low).toBeLessThan(1)
    expect(pixel(pixels, 0)).toEqual([...scaleRgb(1), 255])
    expect(pixel(pixels, 1)).toEqual([...scaleRgb(0), 255])
  })
})
