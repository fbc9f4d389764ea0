// subset-font ships no types: the one call vite.config.ts makes (its README's API).
declare module 'subset-font' {
  interface SubsetOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2'
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>
    keepFeatures?: string[]
  }
  export default function subsetFont(font: Buffer, text: string, options?: SubsetOptions): Promise<Buffer>
}
