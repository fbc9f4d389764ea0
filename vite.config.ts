import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Each route is its own lazy chunk; the entry carries React, the router, Mantine and the shell.
    chunkSizeWarningLimit: 700,
  },
  worker: { format: 'es' },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['server/**/*.test.ts', 'src/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['src/test/setup-dom.ts'],
          // A ceiling, not a pace: a form test takes 1–5 s of CPU, which a machine shared by other work can stretch
          // several times over; a hung test still fails.
          testTimeout: 60_000,
        },
      },
    ],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
