import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalCloud, type StartedLocalCloud } from './testing.ts'
import { byName, testClient, type TestClient } from './test-client.ts'
import { EU_WEST_1 } from './catalog/ids.ts'

/**
 * Throws random and malformed requests at every endpoint: the local cloud must never answer 5xx, and every 4xx
 * must carry the platform's error body (OpenAI's on the inference service).
 */

const PLATFORM_CODES = [
  'invalid_request',
  'server_error',
  'access_denied',
  'not_found',
  'conflict',
  'method_not_allowed',
  'unsupported_media_type',
  'request_entity_too_large',
  'unprocessable_content',
  'forbidden',
]

let cloud: StartedLocalCloud
let api: TestClient
let ids: Record<string, string>
let templates: Record<string, unknown>

interface Endpoint {
  method: string
  path: string
  body?: string
}

const REGION = '/local/region/api/v2'
const CATALOG = '/local/region/api/v1/organizations/{org}/regions'
const IDENTITY = '/local/identity/api/v1/organizations/{org}'

/** List and create on a collection; read (where the platform serves one item), update and delete on an item. */
function crud(collection: string, item: string, create: string, update = create, readOne = true): Endpoint[] {
  const one = `${collection}/{${item}}`
  return [
    { method: 'GET', path: collection },
    { method: 'POST', path: collection, body: create },
    ...(readOne ? [{ method: 'GET', path: one }] : []),
    { method: 'PUT', path: one, body: update },
    { method: 'DELETE', path: one },
  ]
}

const ENDPOINTS: Endpoint[] = [
  ...crud(`${REGION}/networks`, 'network', 'network', 'networkUpdate'),
  ...crud(`${REGION}/securitygroups`, 'securityGroup', 'securityGroup'),
  ...crud(`${REGION}/filestorage`, 'fileStorage', 'fileStorage'),
  { method: 'GET', path: `${REGION}/filestorageclasses` },
  ...crud(`${REGION}/instances`, 'instance', 'instance'),
  ...['start', 'stop', 'reboot'].map((action) => ({
    method: 'POST',
    path: `${REGION}/instances/{instance}/${action}`,
  })),
  { method: 'GET', path: CATALOG },
  { method: 'GET', path: `${CATALOG}/{region}/flavors` },
  { method: 'GET', path: `${CATALOG}/{region}/images` },
  { method: 'POST', path: `${CATALOG}/{region}/images`, body: 'image' },
  { method: 'GET', path: '/local/identity/api/v1/organizations' },
  { method: 'GET', path: IDENTITY },
  { method: 'PUT', path: IDENTITY, body: 'organization' },
  ...crud(`${IDENTITY}/users`, 'user', 'user', 'user', false),
  ...crud(`${IDENTITY}/serviceaccounts`, 'serviceAccount', 'serviceAccount', 'serviceAccount', false),
  { method: 'POST', path: `${IDENTITY}/serviceaccounts/{serviceAccount}/rotate` },
  ...crud(`${IDENTITY}/groups`, 'group', 'group'),
  { method: 'GET', path: `${IDENTITY}/roles` },
  ...crud(`${IDENTITY}/projects`, 'project', 'project'),
  { method: 'GET', path: '/local/aiproxy/organizations/{org}/endpoints' },
  { method: 'POST', path: '/local/inference/v1/embeddings', body: 'embeddings' },
]

beforeAll(async () => {
  cloud = await startLocalCloud()
  api = testClient(cloud.url, cloud.cloud.tokens.admin)
  const org = cloud.cloud.demo.organizationId
  const identity = `/local/identity/api/v1/organizations/${org}`
  const networks = (await api.get('/local/region/api/v2/networks')).body
  const sandbox = byName(networks, 'sandbox')
  const models = (await api.get(`/local/aiproxy/organizations/${org}/endpoints`)).body.models
  ids = {
    org,
    region: EU_WEST_1,
    network: sandbox.metadata.id,
    securityGroup: (await api.get('/local/region/api/v2/securitygroups')).body[0].metadata.id,
    fileStorage: (await api.get('/local/region/api/v2/filestorage')).body[0].metadata.id,
    instance: (await api.get('/local/region/api/v2/instances')).body[0].metadata.id,
    user: (await api.get(`${identity}/users`)).body[1].metadata.id,
    serviceAccount: (await api.get(`${identity}/serviceaccounts`)).body[0].metadata.id,
    group: (await api.get(`${identity}/groups`)).body[0].metadata.id,
    project: sandbox.metadata.projectId,
  }
  const flavor = (await api.get(`/local/region/api/v1/organizations/${org}/regions/${EU_WEST_1}/flavors`)).body[0]
    .metadata.id
  const image = (await api.get(`/local/region/api/v1/organizations/${org}/regions/${EU_WEST_1}/images`)).body[0]
    .metadata.id
  const storageClass = (await api.get(`/local/region/api/v2/filestorageclasses?regionID=${EU_WEST_1}`)).body[0].metadata
    .id
  const meta = { name: 'prop-test', description: 'x', tags: [{ name: 'a', value: 'b' }] }
  templates = {
    network: {
      metadata: meta,
      spec: {
        organizationId: org,
        projectId: ids.project,
        regionId: EU_WEST_1,
        prefix: '10.123.0.0/24',
        dnsNameservers: ['1.1.1.1'],
        routes: [{ prefix: '10.0.0.0/8', nexthop: '10.123.0.1' }],
      },
    },
    networkUpdate: { metadata: meta, spec: { dnsNameservers: ['1.1.1.1'], routes: [] } },
    securityGroup: {
      metadata: meta,
      spec: {
        networkId: ids.network,
        rules: [
          { direction: 'ingress', protocol: 'tcp', port: 22, portMax: 23, cidr: '0.0.0.0/0', prefix: '0.0.0.0/0' },
        ],
      },
    },
    fileStorage: {
      metadata: meta,
      spec: {
        organizationId: org,
        projectId: ids.project,
        regionId: EU_WEST_1,
        storageClassId: storageClass,
        sizeGiB: 10,
        storageType: { nfs: { rootsquash: true } },
        attachments: { networkIds: [ids.network] },
      },
    },
    instance: {
      metadata: meta,
      spec: {
        organizationId: org,
        projectId: ids.project,
        networkId: ids.network,
        flavorId: flavor,
        imageId: image,
        networking: { securityGroups: [], publicIP: true },
        userData: 'aGVsbG8=',
      },
    },
    image: {
      metadata: meta,
      spec: {
        uri: 'https://example.com/images/prop.raw',
        architecture: 'x86_64',
        virtualization: 'any',
        os: { kernel: 'linux', family: 'redhat', distro: 'rocky', version: '9.5' },
        softwareVersions: { cuda: 'v12.8.0' },
        gpu: { vendor: 'AMD', driver: '6.3', models: ['MI300X'] },
      },
    },
    user: { metadata: meta, spec: { subject: 'prop@acme.example', state: 'active', groupIDs: [ids.group] } },
    serviceAccount: { metadata: meta, spec: { groupIDs: [ids.group] } },
    project: { metadata: meta, spec: { groupIDs: [ids.group] } },
    group: {
      metadata: meta,
      spec: {
        roleIDs: (await api.get(`${identity}/roles`)).body.map((r: { metadata: { id: string } }) => r.metadata.id),
        userIDs: [ids.user],
        serviceAccountIDs: [ids.serviceAccount],
        subjects: [{ id: 's-1', email: 'prop@acme.example', issuer: 'https://idp.example' }],
      },
    },
    organization: {
      metadata: meta,
      spec: { organizationType: 'domain', domain: 'acme.example', providerScope: 'global', providerID: 'p-1' },
    },
    embeddings: {
      model: models.find((m: { model_type: string }) => m.model_type === 'Embedding').id,
      input: ['hello', 'world'],
      encoding_format: 'float',
      dimensions: 8,
    },
  }
})
afterAll(() => cloud.stop())

/** Every path inside a JSON value, as key lists. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const paths = [prefix]
  if (Array.isArray(value)) value.forEach((v, i) => paths.push(...pathsOf(v, [...prefix, i])))
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) paths.push(...pathsOf(v, [...prefix, k]))
  return paths
}

/** A copy of `template` with the value at `path` replaced, or removed when `replacement` is undefined. */
function mutate(template: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement
  const copy = structuredClone(template) as Record<string | number, unknown>
  let node = copy
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>
  const last = path[path.length - 1] as string | number
  if (replacement === undefined) delete node[last]
  else node[last] = replacement
  return copy
}

const idArb = fc.oneof(
  fc.constant(null),
  fc.string({ maxLength: 70 }),
  fc.constantFrom('UPPER', '-x', 'x-', 'a'.repeat(64), '%', '%zz', '..', 'a%2Fb', '0', 'ünïcode', 'id with space'),
)
const queryArb = fc.array(
  fc.tuple(
    fc.constantFrom('tag', 'organizationID', 'projectID', 'regionID', 'networkID', 'x', '%', ''),
    fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('a=b', '=', 'eu-west-1', 'acme-ai', '%zz')),
  ),
  { maxLength: 4 },
)
const bodyArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.nat(), fc.option(fc.jsonValue({ maxDepth: 3 }), { nil: undefined }))
      .map(([at, value]) => ({ kind: 'mutated' as const, at, value })),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ({ kind: 'json' as const, value })) },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((text) => ({ kind: 'raw' as const, text })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
)
const requestArb = fc.record({
  endpoint: fc.nat({ max: ENDPOINTS.length - 1 }),
  method: fc.option(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'), { freq: 4, nil: undefined }),
  ids: fc.dictionary(
    fc.constantFrom(
      'org',
      'region',
      'network',
      'securityGroup',
      'fileStorage',
      'instance',
      'user',
      'serviceAccount',
      'group',
      'project',
    ),
    idArb,
  ),
  query: queryArb,
  body: bodyArb,
  contentType: fc.constantFrom(
    'application/json',
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    'application/x-www-form-urlencoded',
  ),
  token: fc.constantFrom('admin', 'admin', 'admin', 'admin', 'second', 'none', 'garbage'),
})

/**
 * The 500s the platform answers on purpose, which the local cloud keeps: a compute list filtered to an organization
 * outside the caller's access, a power action in the wrong state, and a domain organization updated without its
 * domain or provider (identity/groups.test.ts). Any other 5xx is a bug.
 */
const PLATFORM_500 = /^failed to (list instances|start instance|stop instance|reboot instance|update organization):/

describe('fuzzing every endpoint', () => {
  it('answers no 5xx but the platform’s own, and every 4xx carries the service’s error body', async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, async (r) => {
        const endpoint = ENDPOINTS[r.endpoint] as Endpoint
        const path = endpoint.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
          const override = r.ids[name]
          return override === undefined || override === null ? (ids[name] ?? '') : encodeURIComponent(override)
        })
        const query = r.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')
        const template = endpoint.body ? templates[endpoint.body] : { metadata: { name: 'x' }, spec: {} }
        let body: string | undefined
        if (r.body.kind === 'mutated') {
          const paths = pathsOf(template)
          body = JSON.stringify(mutate(template, paths[r.body.at % paths.length] ?? [], r.body.value)) ?? 'null'
        } else if (r.body.kind === 'json') body = JSON.stringify(r.body.value)
        else if (r.body.kind === 'raw') body = r.body.text
        const token =
          r.token === 'admin'
            ? cloud.cloud.tokens.admin
            : r.token === 'second'
              ? cloud.cloud.tokens.second
              : r.token === 'garbage'
                ? 'garbage'
                : null
        const res = await api.request(r.method ?? endpoint.method, `${path}${query ? `?${query}` : ''}`, {
          token,
          headers: { 'Content-Type': r.contentType },
          ...(body !== undefined ? { body } : {}),
        })
        if (res.status >= 500)
          expect(res.body, JSON.stringify(res.body)).toMatchObject({
            error: 'server_error',
            error_description: expect.stringMatching(PLATFORM_500),
          })
        if (res.status >= 400) {
          if (path.startsWith('/local/inference')) {
            expect(res.body).toEqual({
              error: {
                message: expect.any(String),
                type: expect.any(String),
                code: expect.anything(),
                param: expect.toSatisfy((p: unknown) => p === null || typeof p === 'string'),
              },
            })
          } else {
            expect(res.body).toEqual({
              error: expect.any(String),
              error_description: expect.any(String),
              trace_id: expect.any(String),
            })
            expect(PLATFORM_CODES).toContain(res.body.error)
          }
        }
      }),
      { numRuns: 1500 },
    )
  }, 60_000)
})
