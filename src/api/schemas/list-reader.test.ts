import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { networkApi } from '../networks'
import { instanceSchema, networkSchema, securityGroupSchema } from './regional'
import { listOf, listReader } from './common'
import { platformMetadata } from '../../test/fakeFetch'

const metadata = platformMetadata({
  id: 'n-1',
  name: 'net',
  createdBy: 'admin@example.com',
  tags: [{ name: 'env', value: 'dev' }],
})
const network = {
  metadata,
  spec: { dnsNameservers: ['1.1.1.1'], routes: [{ prefix: '10.0.0.0/8', nexthop: '10.1.0.1' }] },
  status: { regionId: 'reg-1', prefix: '10.1.0.0/24' },
  platformField: { kept: true },
}

describe('a list answer', () => {
  it('keeps the rows the schema reads unchanged as they came, not copies', () => {
    const rows = [network, { ...network, metadata: { ...metadata, id: 'n-2' } }]
    const read = networkApi.list.spec.read!.safeParse(rows)
    expect(read.success).toBe(true)
    expect(read.success && read.data[1]).toBe(rows[1])
  })

  // Each answer read both ways: the reader and zod's whole-list schema give the same rows, or the same issues.
  const answers: [string, z.core.$ZodType, unknown][] = [
    ['null', networkSchema, null],
    ['not a list', networkSchema, { items: [] }],
    ['rows zod fills a default in', networkSchema, [network, { ...network, spec: {} }, network]],
    ['an optional field left out', networkSchema, [{ ...network, spec: { dnsNameservers: [] } }]],
    [
      'a wrong type deep in a late row',
      networkSchema,
      [network, network, { ...network, status: { regionId: 'r', prefix: 24 } }],
    ],
    ['a row that is not an object', networkSchema, [network, 'network']],
    ['a missing required field', networkSchema, [{ ...network, metadata: { ...metadata, name: undefined } }]],
    [
      'a number that is not finite',
      instanceSchema,
      [
        {
          metadata,
          spec: { flavorId: 'f', imageId: 'i' },
          status: { regionId: 'r', networkId: 'n', powerState: Infinity },
        },
      ],
    ],
    [
      'a "__proto__" key',
      networkSchema,
      JSON.parse(`[${JSON.stringify(network).replace('{', '{"__proto__":{"x":1},')}]`),
    ],
    [
      'a transform (read by zod alone)',
      securityGroupSchema,
      [
        {
          metadata,
          spec: { rules: [{ direction: 'ingress', protocol: 'tcp', prefix: '0.0.0.0/0' }] },
          status: { regionId: 'r', networkId: 'n' },
        },
      ],
    ],
  ]
  it.each(answers)('%s: reads as zod reads it', (_name, item, answer) => {
    const read = listReader(item).safeParse(answer)
    const zod = listOf(item).safeParse(answer)
    expect(read.success).toBe(zod.success)
    if (read.success && zod.success) expect(read.data).toEqual(zod.data)
    else expect(!read.success && read.error.issues).toEqual(!zod.success && zod.error.issues)
  })
})
