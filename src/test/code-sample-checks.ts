import { expect } from 'vitest'

// What every code sample the console offers to copy promises (a model's calls, the playground's request).

/**
 * The samples come as curl, Python and TypeScript, and each reads the token from the environment in its language's
 * way: a placeholder, never a credential.
 */
export function expectTokenFromEnvironment(samples: readonly { label: string; code: string }[]) {
  expect(samples.map((sample) => sample.label)).toEqual(['curl', 'Python', 'TypeScript'])
  const [curl, python, typescript] = samples.map((sample) => sample.code)
  expect(curl).toContain('"Authorization: Bearer $TOKEN"')
  expect(python).toContain('api_key=os.environ["TOKEN"]')
  expect(typescript).toContain('apiKey: process.env.TOKEN')
}

type Language = 'curl' | 'python' | 'typescript'

/** Each language's sample holds each of its fragments (the endpoint, the model, the options set). */
export function expectSamplesContain(
  samples: readonly { language: Language; code: string }[],
  fragments: Partial<Record<Language, string[]>>,
) {
  for (const { language, code } of samples)
    for (const fragment of fragments[language] ?? []) expect(code, `the ${language} sample`).toContain(fragment)
}
