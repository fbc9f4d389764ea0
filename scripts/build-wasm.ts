// Compiles the playground's WebAssembly kernels (src/features/playground/kernels.wat) into a TypeScript module
// holding the bytes as base64, so the worker, the unit tests and the bench (run by tsx, without Vite) all load
// them the same way. The generated module is committed; build-wasm.test.ts fails if it drifts from the source.
// Run: npm run build:wasm

import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import wabt from 'wabt'

const source = fileURLToPath(new URL('../src/features/playground/kernels.wat', import.meta.url))
export const generatedPath = fileURLToPath(new URL('../src/features/playground/kernels.wasm.ts', import.meta.url))

export async function compileKernels(): Promise<Uint8Array> {
  const toolkit = await wabt()
  const parsed = toolkit.parseWat('kernels.wat', await readFile(source, 'utf8'), { simd: true })
  try {
    parsed.validate()
    return parsed.toBinary({}).buffer
  } finally {
    parsed.destroy()
  }
}

export function generatedModule(bytes: Uint8Array): string {
  return [
    '// Generated from kernels.wat by `npm run build:wasm`; do not edit.',
    `export const KERNELS_WASM = '${Buffer.from(bytes).toString('base64')}'`,
    '',
  ].join('\n')
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const bytes = await compileKernels()
  await writeFile(generatedPath, generatedModule(bytes))
  console.log(`wrote ${generatedPath} (${bytes.length} bytes of WebAssembly)`)
}
