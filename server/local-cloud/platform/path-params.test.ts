import { describe, expect, it } from 'vitest'
import { useLocalCloud } from '../test-cloud.ts'

// The platform's generated servers check a request's path parameters against the operation's schema before its
// handler runs: an id longer than the schema's maxLength is 400 invalid_request, where an id that fits the schema but
// names nothing is 404. The lengths are the documents': reservation v0.0.14 (organizationID, reservationID and
// placementID 1 to 63 characters, serverID 1 to 128), nks-core main 2026-08-03 (every id its resourceID, 1 to 128)
// and storage v1.4.1 (objectStorageEndpointID and objectStorageAccessKeyID 1 to 63).
const local = useLocalCloud()

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** Each operation with a constrained path parameter: its method, its path with `{name}` and that name's maxLength. */
const OPERATIONS: [Method, string, Record<string, number>][] = [
  ['GET', '/local/reservation/api/v2/organizations/{organizationID}/topology', { organizationID: 63 }],
  ['GET', '/local/reservation/api/v2/organizations/{organizationID}/reservation-units', { organizationID: 63 }],
  ['GET', '/local/reservation/api/v2/reservations/{reservationID}', { reservationID: 63 }],
  ['DELETE', '/local/reservation/api/v2/reservations/{reservationID}', { reservationID: 63 }],
  ['POST', '/local/reservation/api/v2/reservations/{reservationID}/units/release', { reservationID: 63 }],
  ['GET', '/local/reservation/api/v2/placements/{placementID}', { placementID: 63 }],
  ['DELETE', '/local/reservation/api/v2/placements/{placementID}', { placementID: 63 }],
  ['GET', '/local/reservation/api/v2/placements/{placementID}/servers', { placementID: 63 }],
  ...(['', '/reboot', '/stop'] as const).map((action): [Method, string, Record<string, number>] => [
    action ? 'POST' : 'GET',
    `/local/reservation/api/v2/placements/{placementID}/servers/{serverID}${action}`,
    { placementID: 63, serverID: 128 },
  ]),
  ...(['GET', 'PUT', 'DELETE'] as const).flatMap((method): [Method, string, Record<string, number>][] => [
    [method, '/local/nks/api/v1/clusters/{clusterID}', { clusterID: 128 }],
    [method, '/local/nks/api/v1/nodepools/{nodePoolID}', { nodePoolID: 128 }],
  ]),
  ['GET', '/local/nks/api/v1/platformreleases/{releaseID}', { releaseID: 128 }],
  ...(['GET', 'PUT', 'DELETE'] as const).map((method): [Method, string, Record<string, number>] => [
    method,
    '/local/storage/api/v1/objectstorageendpoints/{objectStorageEndpointID}',
    { objectStorageEndpointID: 63 },
  ]),
  ...(['GET', 'DELETE'] as const).map((method): [Method, string, Record<string, number>] => [
    method,
    '/local/storage/api/v1/objectstorageendpoints/{objectStorageEndpointID}/accesskeys/{objectStorageAccessKeyID}',
    { objectStorageEndpointID: 63, objectStorageAccessKeyID: 63 },
  ]),
]

/** The path with each parameter an id of the length given (at most its maxLength unless told), naming nothing. */
const pathWith = (path: string, lengths: Record<string, number>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => 'a'.repeat(lengths[name]!))

function send(method: Method, path: string) {
  const body = method === 'PUT' || method === 'POST' ? {} : undefined
  if (method === 'GET') return local.api.get(path)
  if (method === 'DELETE') return local.api.del(path)
  return method === 'PUT' ? local.api.put(path, body) : local.api.post(path, body)
}

describe('a path id outside its schema', () => {
  it.each(
    OPERATIONS.flatMap(([method, path, max]) => Object.keys(max).map((name) => [method, path, name, max] as const)),
  )('%s %s refuses a %s one character too long (400), before looking for it', async (method, path, name, max) => {
    const res = await send(method, pathWith(path, { ...max, [name]: max[name]! + 1 }))
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('invalid_request')
    expect(res.body.error_description).toBe(
      `parameter "${name}" in path has an error: maximum string length is ${max[name]}`,
    )
  })

  it.each(OPERATIONS.filter(([method]) => method === 'GET' || method === 'DELETE'))(
    '%s %s takes an id at its maxLength, and answers that it names nothing',
    async (method, path, max) => {
      const res = await send(method, pathWith(path, max))
      // Another organization's id is refused as such (403); any other names nothing (404).
      expect(res.status).toBe(path.includes('{organizationID}') ? 403 : 404)
    },
  )
})

// Region v1.20.0, compute v1.17.0 and identity v1.18.0 type their ids `format: uuid` and nothing more, which the
// validator does not check: an id of any shape reaches the handler, which finds nothing (v1.13.0's regional ids were
// Kubernetes names, and one with a capital letter was refused 400 before the handler).
describe('a path id the newest documents type as a uuid', () => {
  it.each([
    ['GET', '/local/region/api/v2/networks/Not-A-Network'],
    ['DELETE', '/local/region/api/v2/securitygroups/Not-A-Group'],
    ['GET', '/local/compute/api/v2/instances/NOT_AN_INSTANCE'],
  ] as const)('%s %s is looked for, and names nothing (404)', async (method, path) => {
    const res = await send(method, path)
    expect(res.status).toBe(404)
    expect(res.body.error).toBe('not_found')
  })
})
