import { readFile } from 'node:fs/promises'
import { expect, it } from 'vitest'
import { compileKernels, generatedModule, generatedPath } from './build-wasm'

it('the committed kernels.wasm.ts is kernels.wat compiled (run `npm run build:wasm` after editing the .wat)', async () => {
  expect(await readFile(generatedPath, 'utf8')).toBe(generatedModule(await compileKernels()))
})
