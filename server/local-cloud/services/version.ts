import { route, type Handler } from '../platform/context.ts'
import { ANY_MEMBER } from '../platform/requirement.ts'

// GET /api/version on each service: "the build version stamped into the running binary at release time" (region
// v1.20.0, compute v1.17.0, identity v1.18.0). The local cloud answers as the release its service follows.

function versionRoutes(name: string, version: string) {
  const answer: Handler = () => ({ status: 200, body: { name, version } })
  // Any signed-in caller: the documents ask for a token and nothing more.
  return [route('GET', '/api/version', ANY_MEMBER, answer)]
}

export const regionVersionRoutes = versionRoutes('unikorn-region', 'v1.20.0')
export const computeVersionRoutes = versionRoutes('unikorn-compute', 'v1.17.0')
export const identityVersionRoutes = versionRoutes('unikorn-identity', 'v1.18.0')
export const storageVersionRoutes = versionRoutes('unikorn-storage', 'v1.4.1')
