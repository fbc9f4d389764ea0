// How a model's size reads: parameters in billions or millions, weights in decimal gigabytes (as model cards give
// them), context windows in K tokens (context lengths are powers of two, so 131,072 tokens is "128K").
import { formatNumber } from '../../lib/format'

const threeDigits = (value: number) => formatNumber(Number(value.toPrecision(3)))

/** "70.6 B parameters", "22.7 M parameters". */
export function formatParameters(count: number | undefined): string {
  if (count === undefined || !Number.isFinite(count) || count <= 0) return 'Parameters not listed'
  if (count >= 1e9) return `${threeDigits(count / 1e9)} B parameters`
  if (count >= 1e6) return `${threeDigits(count / 1e6)} M parameters`
  return `${formatNumber(count)} parameters`
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB']

/** Weights in decimal units: "141 GB", "90.9 MB". */
export function formatModelSize(bytes: number | undefined): string {
  if (bytes === undefined || !Number.isFinite(bytes) || bytes <= 0) return '—'
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < SIZE_UNITS.length - 1) {
    value /= 1000
    unit++
  }
  return `${threeDigits(value)} ${SIZE_UNITS[unit]}`
}

/** "128K tokens", "1M tokens", "512 tokens". */
export function formatContext(tokens: number | undefined, unit = ' tokens'): string {
  if (tokens === undefined || !Number.isFinite(tokens) || tokens <= 0) return '—'
  if (tokens >= 1 << 20 && tokens % (1 << 20) === 0) return `${tokens / (1 << 20)}M${unit}`
  if (tokens >= 1024 && tokens % 1024 === 0) return `${tokens / 1024}K${unit}`
  return `${formatNumber(tokens)}${unit}`
}

/** "TextGeneration" → "Text generation". */
export function formatModelType(type: string | undefined): string {
  if (!type) return 'Other'
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
