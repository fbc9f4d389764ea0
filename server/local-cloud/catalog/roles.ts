import { demoId } from './ids.ts'

/** The platform's built-in roles, which groups grant. */
export const ROLES = [
  {
    id: demoId('role/administrator'),
    name: 'administrator',
    description: 'Full control of the organization: users, groups, projects and all infrastructure',
  },
  {
    id: demoId('role/user'),
    name: 'user',
    description: 'Creates and manages infrastructure in the projects their groups are linked to',
  },
  {
    id: demoId('role/reader'),
    name: 'reader',
    description: 'Read-only access to the projects their groups are linked to',
  },
  {
    id: demoId('role/auditor'),
    name: 'auditor',
    description: 'Read-only access to the whole organization, including users and service accounts',
  },
] as const

export type RoleName = (typeof ROLES)[number]['name']

export function roleId(name: RoleName): string {
  return demoId(`role/${name}`)
}

/** When the built-in roles were defined. */
export const ROLES_CREATED = '2024-03-11T08:00:00Z'
