// Apart from route-module.ts, whose loaders pull the scope check into any chunk that imports them: the router, in the
// entry, needs only these names.

import { singular, type Resource } from './resources'

/** A resource's page modules are named after its singular: `NetworkListRoute`, `SecurityGroupEditRoute`. */
const pageModuleName = (resource: Resource): string =>
  singular(resource).replace(/(?:^|\s)(\w)/g, (_, letter: string) => letter.toUpperCase())

/**
 * Where a resource's page module of each kind is, as a root-relative `import.meta.glob` keys it:
 * `/src/features/networks/routes/NetworkListRoute.tsx`, in the folder named as the row's `path`. The router finds
 * its pages there, and the palette its lists.
 */
export const pageModuleFile = (resource: Resource, kind: 'List' | 'Create' | 'Detail' | 'Edit'): string =>
  `/src/features/${resource.path}/routes/${pageModuleName(resource)}${kind}Route.tsx`

/**
 * The router's parameter for one item: the module's name in camel case, then `Id` (`networkId`, `securityGroupId`); a
 * leading acronym is lowercased whole (`sshCertificateAuthorityId`).
 */
export const pageParam = (resource: Resource): string =>
  `${pageModuleName(resource).replace(/^[A-Z]+(?=[A-Z][a-z])|^[A-Z]/, (head) => head.toLowerCase())}Id`
