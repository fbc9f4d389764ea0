// Copyable calls of a model's OpenAI-compatible endpoint. The token is always a placeholder read from the
// environment ($TOKEN, os.environ, process.env), never a real credential; the base URL is the inference service's.

import { shellQuote } from '../../api/describeRequest'
import type { EmbeddingsSource } from '../../api/session'
import { servedByComment } from '../../lib/embeddings-source'
import { isEmbeddingModel, type ModelEntry } from './model-entry'

type SampleLanguage = 'curl' | 'python' | 'typescript'

export interface CodeSample {
  language: SampleLanguage
  label: string
  code: string
}

const EMBEDDING_INPUT = 'The quick brown fox jumps over the lazy dog'
const CHAT_PROMPT = 'Explain vector embeddings in one paragraph.'

/**
 * `servedBy`: the embedded local cloud's stand-in for the model, said in a comment at the top of each sample, so a
 * copied sample still says what answers it; null against the platform.
 */
export function modelCodeSamples(
  model: Pick<ModelEntry, 'id' | 'model_type'>,
  inferenceUrl: string,
  servedBy: EmbeddingsSource | null = null,
): CodeSample[] {
  const note = servedBy ? servedByComment(servedBy, model.id) : undefined
  const base = `${inferenceUrl.replace(/\/+$/, '')}/v1`
  const embedding = isEmbeddingModel(model)
  const path = embedding ? '/embeddings' : '/chat/completions'
  const body = embedding
    ? { model: model.id, input: EMBEDDING_INPUT }
    : { model: model.id, messages: [{ role: 'user', content: CHAT_PROMPT }] }
  const curl = [
    `curl ${shellQuote(base + path)}`,
    `-H "Authorization: Bearer $TOKEN"`,
    `-H 'Content-Type: application/json'`,
    `-d ${shellQuote(JSON.stringify(body, null, 2))}`,
  ].join(' \\\n  ')

  const python = [
    'import os',
    'from openai import OpenAI',
    '',
    `client = OpenAI(base_url=${JSON.stringify(base)}, api_key=os.environ["TOKEN"])`,
    '',
    ...(embedding
      ? [
          `response = client.embeddings.create(model=${JSON.stringify(model.id)}, input=${JSON.stringify(EMBEDDING_INPUT)})`,
          'print(len(response.data[0].embedding))',
        ]
      : [
          'response = client.chat.completions.create(',
          `    model=${JSON.stringify(model.id)},`,
          `    messages=[{"role": "user", "content": ${JSON.stringify(CHAT_PROMPT)}}],`,
          ')',
          'print(response.choices[0].message.content)',
        ]),
  ].join('\n')

  const typescript = [
    "import OpenAI from 'openai'",
    '',
    `const client = new OpenAI({ baseURL: '${base}', apiKey: process.env.TOKEN })`,
    '',
    ...(embedding
      ? [
          `const response = await client.embeddings.create({ model: '${model.id}', input: '${EMBEDDING_INPUT}' })`,
          'console.log(response.data[0].embedding.length)',
        ]
      : [
          'const response = await client.chat.completions.create({',
          `  model: '${model.id}',`,
          `  messages: [{ role: 'user', content: '${CHAT_PROMPT}' }],`,
          '})',
          'console.log(response.choices[0].message.content)',
        ]),
  ].join('\n')

  const hash = note ? `# ${note}\n` : ''
  return [
    { language: 'curl', label: 'curl', code: hash + curl },
    { language: 'python', label: 'Python', code: hash + python },
    { language: 'typescript', label: 'TypeScript', code: (note ? `// ${note}\n` : '') + typescript },
  ]
}
