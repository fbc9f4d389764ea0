// The local cloud's model-endpoint catalog: real, openly licensed models with their public facts
// (parameter counts from the published configs, weight sizes in bytes, licenses, context lengths).
//
// Id convention: `id` (what clients pass as `model`) is the Hugging Face repository name after the
// owner, lower-cased: `meta-llama/Llama-3.3-70B-Instruct` → `llama-3.3-70b-instruct`.
// `size` is the weights' size in bytes at `data_type` (2 bytes a parameter for bfloat16, 4 for float32;
// the FP8 checkpoint keeps its embeddings in bfloat16). Prices are decimal USD strings per million tokens.

interface License {
  name: string
  url: string
}

export interface ModelEntry {
  id: string
  name: string
  developer: string
  description: string
  licenses: License[]
  attributions: string[]
  hf_id: string
  model_type: string
  size: number
  parameters: number
  data_type: string
  context_length: number
  input_price_per_million: string
  output_price_per_million: string
  price_type: string
  unsupported_openai_params: string[]
  /** Native vector size, for embedding models only. */
  embedding_dimensions?: number
}

export const TEXT_GENERATION = 'TextGeneration'
export const EMBEDDING = 'Embedding'

const APACHE_2: License = { name: 'Apache License 2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' }
const LLAMA_3_1: License = {
  name: 'Llama 3.1 Community License Agreement',
  url: 'https://github.com/meta-llama/llama-models/blob/main/models/llama3_1/LICENSE',
}
const LLAMA_3_2: License = {
  name: 'Llama 3.2 Community License Agreement',
  url: 'https://github.com/meta-llama/llama-models/blob/main/models/llama3_2/LICENSE',
}
const LLAMA_3_3: License = {
  name: 'Llama 3.3 Community License Agreement',
  url: 'https://github.com/meta-llama/llama-models/blob/main/models/llama3_3/LICENSE',
}
const BGE_MIT: License = { name: 'MIT License', url: 'https://github.com/FlagOpen/FlagEmbedding/blob/master/LICENSE' }

const llamaNotice = (version: string) =>
  `Llama ${version} is licensed under the Llama ${version} Community License, Copyright © Meta Platforms, Inc. All Rights Reserved.`

// Parameters served with these models' chat templates that the serving stack does not honour.
const NO_LOGIT_BIAS = ['logit_bias', 'n']
const NO_TOOLS = ['tools', 'tool_choice', 'parallel_tool_calls']

const ALL_MODELS: readonly ModelEntry[] = [
  {
    id: 'llama-3.3-70b-instruct',
    name: 'Llama 3.3 70B Instruct',
    developer: 'Meta',
    description:
      'Multilingual instruction-tuned model for dialogue, reasoning and tool use; matches Llama 3.1 405B on many benchmarks at a fraction of the cost.',
    licenses: [LLAMA_3_3],
    attributions: ['Built with Llama', llamaNotice('3.3')],
    hf_id: 'meta-llama/Llama-3.3-70B-Instruct',
    model_type: TEXT_GENERATION,
    size: 141107412992,
    parameters: 70553706496,
    data_type: 'bfloat16',
    context_length: 131072,
    input_price_per_million: '0.88',
    output_price_per_million: '0.88',
    price_type: 'PER_TOKEN',
    unsupported_openai_params: NO_LOGIT_BIAS,
  },
  {
    id: 'llama-3.1-8b-instruct',
    name: 'Llama 3.1 8B Instruct',
    developer: 'Meta',
    description:
      'Small, fast multilingual chat model for high-volume tasks such as classification, extraction and summarisation.',
    licenses: [LLAMA_3_1],
    attributions: ['Built with Llama', llamaNotice('3.1')],
    hf_id: 'meta-llama/Llama-3.1-8B-Instruct',
    model_type: TEXT_GENERATION,
    size: 16060522496,
    parameters: 8030261248,
    data_type: 'bfloat16',
    context_length: 131072,
    input_price_per_million: '0.18',
    output_price_per_million: '0.18',
    price_type: 'PER_TOKEN',
    unsupported_openai_params: NO_LOGIT_BIAS,
  },
  {
    id: 'llama-3.1-405b-instruct-fp8',
    name: 'Llama 3.1 405B Instruct (FP8)',
    developer: 'Meta',
    description:
      "Meta's largest open model, served from its official FP8 checkpoint; strongest on long, multi-step reasoning and synthetic data generation.",
    licenses: [LLAMA_3_1],
    attributions: ['Built with Llama', llamaNotice('3.1')],
    hf_id: 'meta-llama/Llama-3.1-405B-Instruct-FP8',
    model_type: TEXT_GENERATION,
    size: 410056081408,
    parameters: 405853388800,
    data_type: 'fp8',
    context_length: 131072,
    input_price_per_million: '3.50',
    output_price_per_million: '3.50',
    price_type: 'PER_TOKEN',
    unsupported_openai_params: NO_LOGIT_BIAS,
  },
  {
    id: 'llama-3.2-3b-instruct',
    name: 'Llama 3.2 3B Instruct',
    developer: 'Meta',
    description:
      'Lightweight multilingual model for on-the-fly rewriting, summarisation and agentic retrieval at very low latency.',
    licenses: [LLAMA_3_2],
    attributions: ['Built with Llama', llamaNotice('3.2')],
    hf_id: 'meta-llama/Llama-3.2-3B-Instruct',
    model_type: TEXT_GENERATION,
    size: 6425499648,
    parameters: 3212749824,
    data_type: 'bfloat16',
    context_length: 131072,
    input_price_per_million: '0.06',
    output_price_per_million: '0.06',
    price_type: 'PER_TOKEN',
    unsupported_openai_params: NO_LOGIT_BIAS,
  },
  {
    id: 'mistral-7b-instruct-v0.3',
    name: 'Mistral 7B Instruct v0.3',
    developer: 'Mistral AI',
    description:
      'Compact instruction-tuned model with an extended 32,768-token vocabulary and native function calling.',
    licenses: [APACHE_2],
    attributions: ['Copyright 2024 Mistral AI'],
    hf_id: 'mistralai/Mistral-7B-Instruct-v0.3',
    model_type: TEXT_GENERATION,
    size: 14496047104,
    parameters: 7248023552,
    data_type: 'bfloat16',
    context_length: 32768,
    input_price_per_million: '0.20',
    output_price_per_million: '0.20',
    price_type: 'PER_TOKEN',
    unsupported_openai_params: NO_LOGIT_BIAS,
  },
  {
    id: 'mixtral-8x7b-instruct-v0.1',
    name: 'Mixtral 8x7B Instruct v0.1',
    developer: 'Mistral AI',
    description:
      'Sparse mixture-of-experts model: 8 experts, 2 active per token, giving 70B-class quality at 13B-class inference cost.',
    licenses: [APACHE_2],
    attributions: ['Copyright 2023 Mistral AI'],
    hf_id: 'mistralai/Mixtral-8x7B-Instruct-v0.1',
    model_type: TEXT_GENERATION,
    size: 93405585408,
    parameters: 46702792704,
    data_type: 'bfloat16',
    context_length: 32768,
    input_price_per_million: '0.60',
    output_price_per_million: '0.60',
    price_type: 'PER_TOKEN',
    unsupported_openai_params: [...NO_TOOLS, 'logit_bias'],
  },
  {
    id: 'mixtral-8x22b-instruct-v0.1',
    name: 'Mixtral 8x22B Instruct v0.1',
    developer: 'Mistral AI',
    description:
      'Large sparse mixture-of-experts model (39B active parameters) fluent in English, French, Italian, German and Spanish, strong at maths and code.',
    licenses: [APACHE_2],
    attributions: ['Copyright 2024 Mistral AI'],
    hf_id: 'mistralai/Mixtral-8x22B-Instruct-v0.1',
    model_type: TEXT_GENERATION,
    size: 281260142592,
    parameters: 140630071296,
    data_type: 'bfloat16',
    context_length: 65536,
    input_price_per_million: '1.20',
    output_price_per_million: '1.20',
    price_type: 'PER_TOKEN',
    unsupported_openai_params: NO_LOGIT_BIAS,
  },
  {
    id: 'qwen2.5-72b-instruct',
    name: 'Qwen2.5 72B Instruct',
    developer: 'Qwen (Alibaba Cloud)',
    description:
      'Multilingual model covering 29+ languages, strong at structured output (JSON), long text generation and instruction following.',
    licenses: [
      { name: 'Qwen License Agreement', url: 'https://huggingface.co/Qwen/Qwen2.5-72B-Instruct/blob/main/LICENSE' },
    ],
    attributions: [
      'Built with Qwen',
      'Qwen is licensed under the Qwen LICENSE AGREEMENT, Copyright (c) Alibaba Cloud. All Rights Reserved.',
    ],
    hf_id: 'Qwen/Qwen2.5-72B-Instruct',
    model_type: TEXT_GENERATION,
    size: 145412407296,
    parameters: 72706203648,
    data_type: 'bfloat16',
    context_length: 32768,
    input_price_per_million: '1.20',
    output_price_per_million: '1.20',
    price_type: 'PER_TOKEN',
    unsupported_openai_params: NO_LOGIT_BIAS,
  },
  {
    id: 'qwen2.5-coder-32b-instruct',
    name: 'Qwen2.5 Coder 32B Instruct',
    developer: 'Qwen (Alibaba Cloud)',
    description: 'Code-specialised model for generation, repair and reasoning across 40+ programming languages.',
    licenses: [APACHE_2],
    attributions: ['Copyright 2024 Alibaba Cloud'],
    hf_id: 'Qwen/Qwen2.5-Coder-32B-Instruct',
    model_type: TEXT_GENERATION,
    size: 65527752704,
    parameters: 32763876352,
    data_type: 'bfloat16',
    context_length: 32768,
    input_price_per_million: '0.80',
    output_price_per_million: '0.80',
    price_type: 'PER_TOKEN',
    unsupported_openai_params: NO_LOGIT_BIAS,
  },
  {
    id: 'deepseek-r1-distill-llama-70b',
    name: 'DeepSeek R1 Distill Llama 70B',
    developer: 'DeepSeek',
    description:
      'Llama 3.3 70B Instruct fine-tuned on reasoning traces from DeepSeek-R1; thinks step by step before answering.',
    licenses: [{ name: 'MIT License', url: 'https://github.com/deepseek-ai/DeepSeek-R1/blob/main/LICENSE' }, LLAMA_3_3],
    attributions: ['Copyright (c) 2023 DeepSeek', 'Built with Llama', llamaNotice('3.3')],
    hf_id: 'deepseek-ai/DeepSeek-R1-Distill-Llama-70B',
    model_type: TEXT_GENERATION,
    size: 141107412992,
    parameters: 70553706496,
    data_type: 'bfloat16',
    context_length: 131072,
    input_price_per_million: '2.00',
    output_price_per_million: '2.00',
    price_type: 'PER_TOKEN',
    unsupported_openai_params: [...NO_TOOLS, 'response_format', 'logprobs', 'top_logprobs'],
  },
  {
    id: 'gemma-2-27b-it',
    name: 'Gemma 2 27B IT',
    developer: 'Google',
    description:
      "Instruction-tuned model from Google's Gemma 2 family, built from the research behind Gemini; strong quality for its size.",
    licenses: [{ name: 'Gemma Terms of Use', url: 'https://ai.google.dev/gemma/terms' }],
    attributions: ['Gemma is provided under and subject to the Gemma Terms of Use found at ai.google.dev/gemma/terms'],
    hf_id: 'google/gemma-2-27b-it',
    model_type: TEXT_GENERATION,
    size: 54454256640,
    parameters: 27227128320,
    data_type: 'bfloat16',
    context_length: 8192,
    input_price_per_million: '0.80',
    output_price_per_million: '0.80',
    price_type: 'PER_TOKEN',
    unsupported_openai_params: [...NO_TOOLS, 'logit_bias'],
  },
  {
    id: 'phi-3.5-mini-instruct',
    name: 'Phi-3.5 Mini Instruct',
    developer: 'Microsoft',
    description:
      'Small model trained on high-quality synthetic and filtered web data, for memory- and latency-bound reasoning tasks with long context.',
    licenses: [
      { name: 'MIT License', url: 'https://huggingface.co/microsoft/Phi-3.5-mini-instruct/blob/main/LICENSE' },
    ],
    attributions: ['Copyright (c) Microsoft Corporation.'],
    hf_id: 'microsoft/Phi-3.5-mini-instruct',
    model_type: TEXT_GENERATION,
    size: 7642159104,
    parameters: 3821079552,
    data_type: 'bfloat16',
    context_length: 131072,
    input_price_per_million: '0.10',
    output_price_per_million: '0.10',
    price_type: 'PER_TOKEN',
    unsupported_openai_params: [...NO_TOOLS, 'logit_bias'],
  },
  {
    id: 'bge-m3',
    name: 'BGE M3',
    developer: 'BAAI',
    description:
      'Multilingual (100+ languages), multi-granularity embedding model for retrieval over inputs of up to 8,192 tokens.',
    licenses: [BGE_MIT],
    attributions: [
      'Chen et al., "BGE M3-Embedding: Multi-Lingual, Multi-Functionality, Multi-Granularity Text Embeddings Through Self-Knowledge Distillation", 2024',
    ],
    hf_id: 'BAAI/bge-m3',
    model_type: EMBEDDING,
    size: 2271019008,
    parameters: 567754752,
    data_type: 'float32',
    context_length: 8192,
    input_price_per_million: '0.0100',
    output_price_per_million: '0.00',
    price_type: 'PER_TOKEN',
    unsupported_openai_params: [],
    embedding_dimensions: 1024,
  },
  {
    id: 'multilingual-e5-large-instruct',
    name: 'Multilingual E5 Large Instruct',
    developer: 'Microsoft',
    description:
      'Instruction-aware multilingual embedding model; prefix queries with a one-line task description for best retrieval quality.',
    licenses: [{ name: 'MIT License', url: 'https://opensource.org/license/mit' }],
    attributions: [
      'Wang et al., "Multilingual E5 Text Embeddings: A Technical Report", 2024',
      'Copyright (c) Microsoft Corporation.',
    ],
    hf_id: 'intfloat/multilingual-e5-large-instruct',
    model_type: EMBEDDING,
    size: 2239561728,
    parameters: 559890432,
    data_type: 'float32',
    context_length: 512,
    input_price_per_million: '0.0200',
    output_price_per_million: '0.00',
    price_type: 'PER_TOKEN',
    unsupported_openai_params: [],
    embedding_dimensions: 1024,
  },
  {
    id: 'nomic-embed-text-v1.5',
    name: 'Nomic Embed Text v1.5',
    developer: 'Nomic AI',
    description:
      'Long-context English embedding model trained with Matryoshka representation learning, so shortened vectors keep most of their quality.',
    licenses: [APACHE_2],
    attributions: ['Nussbaum et al., "Nomic Embed: Training a Reproducible Long Context Text Embedder", 2024'],
    hf_id: 'nomic-ai/nomic-embed-text-v1.5',
    model_type: EMBEDDING,
    size: 546926592,
    parameters: 136731648,
    data_type: 'float32',
    context_length: 8192,
    input_price_per_million: '0.0080',
    output_price_per_million: '0.00',
    price_type: 'PER_TOKEN',
    unsupported_openai_params: [],
    embedding_dimensions: 768,
  },
  {
    id: 'bge-large-en-v1.5',
    name: 'BGE Large EN v1.5',
    developer: 'BAAI',
    description: 'English embedding model for dense retrieval, reranking candidates and semantic similarity.',
    licenses: [BGE_MIT],
    attributions: ['Xiao et al., "C-Pack: Packaged Resources To Advance General Chinese Embedding", 2023'],
    hf_id: 'BAAI/bge-large-en-v1.5',
    model_type: EMBEDDING,
    size: 1340567552,
    parameters: 335141888,
    data_type: 'float32',
    context_length: 512,
    input_price_per_million: '0.0160',
    output_price_per_million: '0.00',
    price_type: 'PER_TOKEN',
    unsupported_openai_params: [],
    embedding_dimensions: 1024,
  },
  {
    id: 'all-minilm-l6-v2',
    name: 'all-MiniLM-L6-v2',
    developer: 'sentence-transformers',
    description: 'Tiny, fast English sentence embedding model for clustering and semantic search over short passages.',
    licenses: [APACHE_2],
    attributions: ['Reimers and Gurevych, "Sentence-BERT: Sentence Embeddings using Siamese BERT-Networks", 2019'],
    hf_id: 'sentence-transformers/all-MiniLM-L6-v2',
    model_type: EMBEDDING,
    size: 90852864,
    parameters: 22713216,
    data_type: 'float32',
    context_length: 256,
    input_price_per_million: '0.0050',
    output_price_per_million: '0.00',
    price_type: 'PER_TOKEN',
    unsupported_openai_params: [],
    embedding_dimensions: 384,
  },
]

// Organizations whose id contains "globex" have a smaller contract, so isolation between organizations is visible.
const GLOBEX_MODELS = new Set([
  'llama-3.1-8b-instruct',
  'mistral-7b-instruct-v0.3',
  'qwen2.5-coder-32b-instruct',
  'phi-3.5-mini-instruct',
  'bge-m3',
  'all-minilm-l6-v2',
])

/** The model endpoints an organization may use; fresh copies, so callers may not alter the catalog. */
export function catalogFor(organizationId: string): ModelEntry[] {
  const models = organizationId.includes('globex') ? ALL_MODELS.filter((m) => GLOBEX_MODELS.has(m.id)) : ALL_MODELS
  return structuredClone([...models])
}
