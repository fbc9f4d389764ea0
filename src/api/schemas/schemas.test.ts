import { beforeAll, describe, expect, it } from 'vitest'
import { englishMessages } from './messages'
import { modelEndpointListSchema } from './aiproxy'
import { embeddingResponseSchema } from './embeddings'
import { groupSchema, projectSchema, serviceAccountSchema, userSchema } from './identity'
import { fileStorageSchema, flavorSchema, instanceSchema, networkSchema, securityGroupSchema } from './regional'

// As the forms and the API client set it (a test elsewhere in this worker may have cleared it).
beforeAll(englishMessages)

const projectScoped = {
  id: 'id-1',
  name: 'thing',
  organizationId: 'org-1',
  projectId: 'proj-1',
  creationTime: '2025-01-01T00:00:00Z',
  createdBy: 'admin@example.com',
  provisioningStatus: 'provisioned',
  healthStatus: 'healthy',
}
const orgScoped = { ...projectScoped, projectId: undefined, createdBy: undefined }

describe('networks', () => {
  it('says what was wrong with an answer it rejects, as the console shows it', () => {
    const parsed = networkSchema.safeParse({
      metadata: projectScoped,
      spec: {},
      status: { regionId: 'reg-1', prefix: 24 },
    })
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({
        path: ['status', 'prefix'],
        message: 'Invalid input: expected string, received number',
      }),
    ])
  })

  it('parses the spec-shaped answer', () => {
    const n = networkSchema.parse({
      metadata: projectScoped,
      spec: { dnsNameservers: ['8.8.8.8'] },
      status: { regionId: 'reg-1', prefix: '192.168.0.0/24' },
    })
    expect(n.status.prefix).toBe('192.168.0.0/24')
    expect(n.spec.routes).toBeUndefined()
  })

  it('keeps unknown fields and accepts status values it does not know', () => {
    const n = networkSchema.parse({
      metadata: {
        ...projectScoped,
        provisioningStatus: 'migrating',
        healthStatus: 'flaky',
        modifiedTime: 'x',
        labels: { a: 1 },
      },
      spec: { dnsNameservers: [], routes: [{ prefix: '10.1.0.0/16', nexthop: '192.168.0.1' }], mtu: 9000 },
      status: { regionId: 'reg-1', prefix: '192.168.0.0/24', vlan: 12 },
    })
    expect(n.metadata.provisioningStatus).toBe('migrating')
    expect(n.metadata.labels).toEqual({ a: 1 })
    expect(n.spec.mtu).toBe(9000)
    expect(n.status.vlan).toBe(12)
  })

  it('reads a missing status as unknown rather than failing', () => {
    const { provisioningStatus: _p, healthStatus: _h, ...bare } = projectScoped
    const n = networkSchema.parse({ metadata: bare, spec: {}, status: { regionId: 'r', prefix: '10.0.0.0/24' } })
    expect(n.metadata.provisioningStatus).toBe('unknown')
    expect(n.spec.dnsNameservers).toEqual([])
  })

  it('rejects an answer without an id', () => {
    const { id: _id, ...noId } = projectScoped
    expect(networkSchema.safeParse({ metadata: noId, spec: {}, status: { regionId: 'r', prefix: 'p' } }).success).toBe(
      false,
    )
  })
})

describe('lists the platform answers null', () => {
  it('reads them as empty, and one left out as not reported', () => {
    const network = networkSchema.parse({
      metadata: { ...projectScoped, tags: null },
      spec: { dnsNameservers: null, routes: null },
      status: { regionId: 'reg-1', prefix: '192.168.0.0/24' },
    })
    expect(network.metadata.tags).toEqual([])
    expect(network.spec).toEqual({ dnsNameservers: [], routes: [] })
    const instance = instanceSchema.parse({
      metadata: projectScoped,
      spec: { flavorId: 'f', imageId: 'i', networking: { securityGroups: null, allowedSourceAddresses: null } },
      status: { regionId: 'reg-1', networkId: 'net-1' },
    })
    expect(instance.spec.networking).toEqual({ securityGroups: [], allowedSourceAddresses: [] })
    const storage = fileStorageSchema.parse({
      metadata: projectScoped,
      spec: { sizeGiB: 1, storageType: {}, attachments: { networkIds: null } },
      status: { regionId: 'reg-1', storageClassId: 'sc-1', attachments: null },
    })
    expect([storage.spec.attachments?.networkIds, storage.status.attachments]).toEqual([[], []])
    const group = { metadata: projectScoped, spec: { rules: null }, status: { regionId: 'r', networkId: 'n' } }
    expect(securityGroupSchema.parse(group).spec.rules).toEqual([])
  })
})

describe('security group rules', () => {
  const group = (rules: unknown[]) =>
    securityGroupSchema.parse({ metadata: projectScoped, spec: { rules }, status: { regionId: 'r', networkId: 'n' } })

  it('reads the spec spelling cidr', () => {
    const [rule] = group([{ direction: 'ingress', protocol: 'tcp', port: 22, cidr: '10.0.0.0/8' }]).spec.rules
    expect(rule).toEqual({ direction: 'ingress', protocol: 'tcp', port: 22, cidr: '10.0.0.0/8' })
  })

  it('reads the platform spelling prefix into cidr, with portMax', () => {
    const [rule] = group([{ direction: 'egress', protocol: 'udp', port: 1000, portMax: 2000, prefix: '0.0.0.0/0' }])
      .spec.rules
    expect(rule).toEqual({ direction: 'egress', protocol: 'udp', port: 1000, portMax: 2000, cidr: '0.0.0.0/0' })
    expect(rule).not.toHaveProperty('prefix')
  })

  it('prefers prefix when both are present, since that is what a platform server applies', () => {
    const [rule] = group([
      { direction: 'ingress', protocol: 'tcp', port: 443, cidr: '1.2.3.0/24', prefix: '10.0.0.0/8' },
    ]).spec.rules
    expect(rule?.cidr).toBe('10.0.0.0/8')
  })

  it('accepts a protocol it does not know', () => {
    expect(group([{ direction: 'ingress', protocol: 'sctp' }]).spec.rules[0]?.protocol).toBe('sctp')
  })
})

describe('file storage', () => {
  const storage = (storageType: unknown) =>
    fileStorageSchema.parse({
      metadata: { ...projectScoped, tags: [{ name: 'env', value: 'dev' }] },
      spec: { sizeGiB: 100, storageType, attachments: { networkIds: ['n1'] } },
      status: {
        regionId: 'r',
        storageClassId: 'sc',
        usage: { capacityBytes: 107374182400, usedBytes: 0 },
        attachments: [{ networkId: 'n1', mountSource: '10.0.0.5:/export', provisioningStatus: 'provisioned' }],
      },
    })

  it("reads the spec's {nfs: {rootsquash}}", () => {
    expect(storage({ nfs: { rootsquash: true } }).spec.storageType).toEqual({ nfs: { rootsquash: true } })
  })

  it("reads the platform's {NFS: {rootSquash}} into the spec's shape", () => {
    const s = storage({ NFS: { rootSquash: false } })
    expect(s.spec.storageType).toEqual({ nfs: { rootsquash: false } })
    expect(s.status.attachments?.[0]?.mountSource).toBe('10.0.0.5:/export')
  })
})

describe('instances and flavors', () => {
  it('reads an instance without createdBy and with an unknown power state', () => {
    const { createdBy: _c, ...meta } = projectScoped
    const i = instanceSchema.parse({
      metadata: meta,
      spec: { flavorId: 'f', imageId: 'i', networking: { publicIP: false, securityGroups: ['sg'] } },
      status: { regionId: 'r', networkId: 'n', privateIP: '10.0.0.4', powerState: 'Hibernating' },
    })
    expect(i.status.powerState).toBe('Hibernating')
  })

  it('reads a GPU flavor', () => {
    const f = flavorSchema.parse({
      metadata: { id: 'f1', name: 'g.h100.8', creationTime: '2025-01-01T00:00:00Z' },
      spec: {
        cpus: 96,
        cpuFamily: 'Sapphire Rapids',
        memory: 1024,
        disk: 2000,
        gpu: { vendor: 'NVIDIA', model: 'H100', memory: 80, physicalCount: 8, logicalCount: 8 },
      },
    })
    expect(f.spec.gpu?.physicalCount).toBe(8)
  })
})

describe('identity', () => {
  const user = (status: unknown) =>
    userSchema.parse({
      metadata: orgScoped,
      spec: { subject: 'a@example.com', state: 'active', groupIDs: ['g'] },
      status,
    })

  it("reads the spec's lastAcive and the platform's lastActive into lastActive", () => {
    expect(user({ lastAcive: '2025-02-01T00:00:00Z' }).status?.lastActive).toBe('2025-02-01T00:00:00Z')
    expect(user({ lastActive: '2025-03-01T00:00:00Z' }).status?.lastActive).toBe('2025-03-01T00:00:00Z')
    expect(user({}).status?.lastActive).toBeUndefined()
  })

  it('keeps the one-time token of a created service account', () => {
    const sa = serviceAccountSchema.parse({
      metadata: orgScoped,
      spec: { groupIDs: [] },
      status: { expiry: '2026-01-01T00:00:00Z', accessToken: 'tok' },
    })
    expect(sa.status?.accessToken).toBe('tok')
  })

  it('reads a group whose lists are null, as the platform answers empty ones, as empty', () => {
    const group = groupSchema.parse({
      metadata: orgScoped,
      spec: { roleIDs: null, serviceAccountIDs: null, userIDs: null, subjects: null },
    })
    expect(group.spec).toEqual({ roleIDs: [], serviceAccountIDs: [], userIDs: [], subjects: [] })
  })

  it('reads a project with metadata and spec only', () => {
    expect(
      projectSchema.parse({ metadata: { ...orgScoped, provisioningStatus: 'provisioning' }, spec: { groupIDs: ['g'] } })
        .spec.groupIDs,
    ).toEqual(['g'])
  })
})

describe('model endpoints', () => {
  it('keeps prices as decimal strings, reading a JSON number as its string form', () => {
    const { models } = modelEndpointListSchema.parse({
      models: [
        {
          id: 'm1',
          name: 'llama',
          model_type: 'TextGeneration',
          input_price_per_million: '0.15',
          output_price_per_million: 0.6,
          price_type: 'PER_TOKEN',
          extra: true,
        },
        { id: 'm2', name: 'embed', model_type: 'Embedding' },
      ],
    })
    expect(models[0]?.input_price_per_million).toBe('0.15')
    expect(models[0]?.output_price_per_million).toBe('0.6')
    expect(models[1]?.model_type).toBe('Embedding')
  })
})

describe('embeddings', () => {
  const answer = (embedding: unknown) => ({
    object: 'list',
    data: [{ object: 'embedding', index: 0, embedding }],
    model: 'm',
    usage: { prompt_tokens: 3, total_tokens: 3 },
  })

  it('reads float vectors', () => {
    expect(embeddingResponseSchema.parse(answer([0.25, -1])).data[0]?.embedding).toEqual([0.25, -1])
  })

  it('decodes base64 vectors into numbers', () => {
    expect(embeddingResponseSchema.parse(answer('AACAPwAAAMAAAAA/')).data[0]?.embedding).toEqual([1, -2, 0.5])
  })

  it('fails on a base64 string that is not whole float32 values', () => {
    expect(embeddingResponseSchema.safeParse(answer('AACA')).success).toBe(false)
  })
})
