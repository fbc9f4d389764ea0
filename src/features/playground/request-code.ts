// The playground's request as code to copy: curl, Python and TypeScript with the OpenAI SDKs. The token is a
// placeholder from the environment; long input lists are cut to a few with a note, so the sample stays readable.

import { describeRequest } from '../../api/describeRequest'
import { embeddingRequests } from '../../api/embeddings'
import type { Service } from '../../api/request'
import type { EmbeddingRequest } from '../../api/schemas/embeddings'
import type { EmbeddingsSource } from '../../api/session'
import { servedByComment } from '../../lib/embeddings-source'

const SAMPLE_INPUTS = 5

export interface RequestCode {
  language: 'curl' | 'python' | 'typescript'
  label: string
  code: string
}

export interface RequestCodeOptions {
  model: string
  inputs: readonly string[]
  encodingFormat: 'float' | 'base64'
  dimensions: number | null
  user: string
}

/** The body the playground sends for these inputs (one batch's worth: the first SAMPLE_INPUTS of them). */
function sampleBody({ model, inputs, encodingFormat, dimensions, user }: RequestCodeOptions): EmbeddingRequest {
  return {
    model,
    input: inputs.slice(0, SAMPLE_INPUTS),
    ...(encodingFormat === 'base64' ? { encoding_format: 'base64' as const } : {}),
    ...(dimensions !== null ? { dimensions } : {}),
    ...(user ? { user } : {}),
  }
}

/** `servedBy`: the embedded local cloud's stand-in for every model, said atop each sample; null against the platform. */
export function requestCode(
  options: RequestCodeOptions,
  upstreams: Record<Service, string>,
  servedBy: EmbeddingsSource | null = null,
): RequestCode[] {
  const body = sampleBody(options)
  const inputs = body.input as string[]
  const more = options.inputs.length - inputs.length
  const note =
    more > 0
      ? `${options.inputs.length} inputs in all; ${inputs.length} shown. Send at most 2,048 a request.`
      : undefined
  const base = `${upstreams.inference.replace(/\/+$/, '')}/v1`
  const curl = describeRequest(embeddingRequests.create(body), upstreams).curl

  const pyArgs = [`model=${JSON.stringify(options.model)}`, `input=${JSON.stringify(inputs)}`]
  if (body.encoding_format) pyArgs.push('encoding_format="base64"')
  if (body.dimensions != null) pyArgs.push(`dimensions=${body.dimensions}`)
  if (body.user) pyArgs.push(`user=${JSON.stringify(body.user)}`)
  // Asked for by name, base64 is handed back as it came (the SDKs decode it only when they chose it): the samples decode
  // each vector's float32s themselves.
  const base64 = Boolean(body.encoding_format)
  const python = [
    ...(base64 ? ['import array', 'import base64'] : []),
    'import os',
    'from openai import OpenAI',
    '',
    `client = OpenAI(base_url=${JSON.stringify(base)}, api_key=os.environ["TOKEN"])`,
    ...(note ? ['', `# ${note}`] : []),
    'response = client.embeddings.create(',
    ...pyArgs.map((arg) => `    ${arg},`),
    ')',
    ...(base64
      ? [
          '# Each vector comes as the base64 of its little-endian float32s.',
          'vectors = [array.array("f", base64.b64decode(item.embedding)) for item in response.data]',
        ]
      : ['vectors = [item.embedding for item in response.data]']),
    'print(len(vectors), len(vectors[0]), response.usage.prompt_tokens)',
  ].join('\n')

  const tsArgs = [`model: ${JSON.stringify(options.model)}`, `input: ${JSON.stringify(inputs)}`]
  if (body.encoding_format) tsArgs.push(`encoding_format: 'base64'`)
  if (body.dimensions != null) tsArgs.push(`dimensions: ${body.dimensions}`)
  if (body.user) tsArgs.push(`user: ${JSON.stringify(body.user)}`)
  const typescript = [
    "import OpenAI from 'openai'",
    '',
    `const client = new OpenAI({ baseURL: ${JSON.stringify(base)}, apiKey: process.env.TOKEN })`,
    ...(note ? ['', `// ${note}`] : []),
    'const response = await client.embeddings.create({',
    ...tsArgs.map((arg) => `  ${arg},`),
    '})',
    ...(base64
      ? [
          '// Each vector comes as the base64 of its little-endian float32s.',
          'const vectors = response.data.map(',
          "  (item) => new Float32Array(new Uint8Array(Buffer.from(item.embedding as unknown as string, 'base64')).buffer),",
          ')',
        ]
      : ['const vectors = response.data.map((item) => item.embedding)']),
    'console.log(vectors.length, vectors[0].length, response.usage.prompt_tokens)',
  ].join('\n')

  const stand = servedBy ? servedByComment(servedBy, options.model) : undefined
  const hash = stand ? `# ${stand}\n` : ''
  return [
    { language: 'curl', label: 'curl', code: hash + (note ? `# ${note}\n${curl}` : curl) },
    { language: 'python', label: 'Python', code: hash + python },
    { language: 'typescript', label: 'TypeScript', code: (stand ? `// ${stand}\n` : '') + typescript },
  ]
}
