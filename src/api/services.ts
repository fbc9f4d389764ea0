// The upstream services as the user and the operator know them: what the page calls each, and the console server's
// setting that points at it.

import type { Service, Target } from './request'

export const SERVICE_NAMES: Record<Target, string> = {
  region: 'regional API',
  compute: 'compute API',
  identity: 'identity API',
  aiproxy: 'model-endpoint listing',
  inference: 'inference API',
  console: 'console server',
}

export const SERVICE_SETTINGS: Record<Service, string> = {
  region: 'REGION_URL',
  compute: 'COMPUTE_URL',
  identity: 'IDENTITY_URL',
  aiproxy: 'AIPROXY_URL',
  inference: 'INFERENCE_URL',
}
