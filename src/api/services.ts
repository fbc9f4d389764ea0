// The upstream services, each declared once: what the user and the operator call it, the console server's setting
// that points at it, and where the embedded local cloud mounts it (`/local/<key>`). The server's configuration, its
// proxy, the startup banner and the pages' messages read them here; a new service is a row here and its routes in the
// local cloud (`server/local-cloud/app.ts` mounts every row; `services.test.ts` fails for a row it does not serve).

export const SERVICES = {
  region: { name: 'regional API', setting: 'REGION_URL' },
  // The platform serves instances from a compute service of its own; unset, it is the regional API's host.
  compute: { name: 'compute API', setting: 'COMPUTE_URL', defaultsTo: 'region' },
  identity: { name: 'identity API', setting: 'IDENTITY_URL' },
  aiproxy: { name: 'model-endpoint listing', setting: 'AIPROXY_URL' },
  inference: { name: 'inference API', setting: 'INFERENCE_URL' },
  reservation: { name: 'reservation API', setting: 'RESERVATION_URL' },
  // S3-compatible object storage endpoints and their access keys (storage v1.4.1).
  storage: { name: 'object storage API', setting: 'STORAGE_URL' },
  nks: { name: 'Kubernetes API', setting: 'NKS_URL' },
} as const satisfies Record<string, { name: string; setting: string; defaultsTo?: string }>

/** An upstream service, by its key: the console server's proxy serves it at `/api/<key>/…`. */
export type Service = keyof typeof SERVICES

/** Upstream services, reached through the console server's proxy, plus the console server's own routes. */
export type Target = Service | 'console'

export const SERVICE_KEYS = Object.keys(SERVICES) as Service[]

export const SERVICE_NAMES: Record<Target, string> = {
  ...(Object.fromEntries(SERVICE_KEYS.map((key) => [key, SERVICES[key].name])) as Record<Service, string>),
  console: 'console server',
}

export const SERVICE_SETTINGS = Object.fromEntries(SERVICE_KEYS.map((key) => [key, SERVICES[key].setting])) as Record<
  Service,
  string
>
