// The SPA's endpoint tables, each module whole, as one module of the server's own: the production bundle builds it as
// a file of its own (server/bundle.mjs), which the first request to the API loads, so a start neither compiles nor
// runs the tables (and the @tanstack/react-query they bring). A new module of the tables is added here
// (declared-routes.test.ts fails until it is), unless it is a `projectTable` alone: a project's resource's routes
// are derived from its row (declared-routes.ts, `rowRoutes`).
export * as acl from '../../src/api/acl.ts'
export * as catalogs from '../../src/api/catalogs.ts'
export * as clusters from '../../src/api/clusters.ts'
export * as embeddings from '../../src/api/embeddings.ts'
export * as identity from '../../src/api/identity.ts'
export * as instances from '../../src/api/instances.ts'
export * as oauth2Providers from '../../src/api/oauth2Providers.ts'
export * as objectStorage from '../../src/api/objectStorage.ts'
export * as quotas from '../../src/api/quotas.ts'
export * as regions from '../../src/api/regions.ts'
export * as reservations from '../../src/api/reservations.ts'
export * as versions from '../../src/api/versions.ts'
