// Each platform service's build version (GET {service}/api/version): "the build version stamped into the running binary
// at release time" (region v1.20.0, compute v1.17.0, identity v1.18.0, storage v1.4.1). Read-only, for the organization's page.

import { z } from 'zod/mini'
import { endpoint } from './endpoint'
import type { Service } from './request'
import { lazySchema } from './schemas/common'

const serviceVersionSchema = lazySchema(() => z.looseObject({ name: z.string(), version: z.string() }))
export type ServiceVersion = z.infer<typeof serviceVersionSchema>

/** The services that report a version, each with the release of its document the console is written against. */
export const CONSOLE_DOCUMENTS = {
  region: 'v1.20.0',
  compute: 'v1.17.0',
  identity: 'v1.18.0',
  storage: 'v1.4.1',
} as const
export type VersionedService = keyof typeof CONSOLE_DOCUMENTS & Service

const versionOf = (service: VersionedService) =>
  endpoint({
    resource: 'versions',
    service,
    op: 'detail',
    method: 'GET',
    // The service is in the params for the cache key alone: each service has its own answer at the same path.
    path: (_: { service: VersionedService }) => '/api/version',
    read: serviceVersionSchema,
    // A deployment changes it; a page opened again reads it again.
    staleTime: 60_000,
  })

export const versionApi = {
  region: versionOf('region'),
  compute: versionOf('compute'),
  identity: versionOf('identity'),
  storage: versionOf('storage'),
}
