// A viridis-like scale (dark purple → teal → yellow): ordered by lightness, readable by colour-blind viewers, and
// legible on both the light and the dark theme, since canvas colours cannot follow CSS variables.

const STOPS: [number, number, number][] = [
  [68, 1, 84],
  [59, 82, 139],
  [33, 145, 140],
  [94, 201, 98],
  [253, 231, 37],
]

/** t in 0..1 → [r, g, b], each 0..255. */
export function scaleRgb(t: number): [number, number, number] {
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (STOPS.length - 1)
  const i = Math.min(STOPS.length - 2, Math.floor(x))
  const f = x - i
  const [a, b] = [STOPS[i]!, STOPS[i + 1]!]
  const mix = (k: 0 | 1 | 2) => Math.round(a[k] + (b[k] - a[k]) * f)
  return [mix(0), mix(1), mix(2)]
}

export const SCALE_GRADIENT = `linear-gradient(to right, ${STOPS.map(([r, g, b]) => `rgb(${r}, ${g}, ${b})`).join(', ')})`

/** Distinct label colours that read on white and on dark grey. */
export const LABEL_COLORS = [
  '#228be6',
  '#e8590c',
  '#2f9e44',
  '#c2255c',
  '#7048e8',
  '#0c8599',
  '#e67700',
  '#5c7cfa',
  '#d6336c',
  '#868e96',
]
