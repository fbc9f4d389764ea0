import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import globals from 'globals'

function restrictImports(files, groups) {
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: groups,
              message: 'imports flow one way: app -> features -> shared; the browser never imports server code',
            },
          ],
        },
      ],
    },
  }
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'node_modules',
      '.local-cloud',
      'test-results',
      'playwright-report',
      'screenshots',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['public/**/*.js'], languageOptions: { globals: globals.browser } },
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: globals.node } },
  // Import cycles (and self-imports) are oxlint's, in the same `npm run lint`: eslint-plugin-import's no-cycle was 85%
  // of this config's time (21 s of CPU), oxlint's takes about one.
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // .ts too: shared hooks (src/lib/use-*.ts) live in plain TypeScript files.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The classic hook rules; the React Compiler rules misread react-hook-form's field objects (which carry a ref).
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  // One-way imports: app -> features -> shared (api, components, lib); the browser never imports the server.
  {
    // The server's bundle (server/bundle.mjs) keeps only the zod it uses when zod is imported as a namespace, as
    // zod's docs advise; `import { z }` brought all of zod: 293 KB of the 610 KB every start compiled.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier[imported.name='z']",
          message: "import * as z from 'zod', which the bundle can shake",
        },
      ],
    },
  },
  restrictImports(['src/api/**', 'src/components/**', 'src/lib/**'], ['**/features/**', '**/app/**', '**/server/**']),
  restrictImports(['src/features/**'], ['**/app/**', '**/server/**']),
  // src/test is the one bridge: integration tests start the real console server and local cloud in-process.
  restrictImports(['src/app/**', 'src/main.tsx'], ['**/server/**']),
  // Every spec's `test` comes from e2e/fixtures.ts, whose console check then covers every page a spec opens.
  {
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "import { test } from './fixtures': its console check covers every spec",
            },
          ],
        },
      ],
    },
  },
)
