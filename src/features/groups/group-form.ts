import type { Path } from 'react-hook-form'
import { z } from 'zod/mini'
import type { Group, GroupWrite, Project, ProjectCreate } from '../../api/schemas/identity'
import { groupApi } from '../../api/identity'
import { formWrite, keptRows, pathsOf, type RowPaths, type Wire } from '../../lib/form-wire'
import { resourceDescription, resourceName } from '../../lib/validation'
import { projectsReferencing } from './group-members'

// Create and update take the whole group: its name and description, the roles it grants and its members. The projects
// are not the group's: each project lists its groups, so linking one is an update of that project, sent after the
// group's own write.

interface SubjectRow {
  issuer: string
  id: string
  email: string
}

const isBlank = (row: SubjectRow) => !row.issuer.trim() && !row.id.trim() && !row.email.trim()

/** A subject row left blank is not sent; one begun needs the provider's URL and its id, as the document requires. */
const subjectRows = z.array(z.object({ issuer: z.string(), id: z.string(), email: z.string() })).check(
  z.superRefine((rows, ctx) => {
    rows.forEach((row, index) => {
      if (isBlank(row)) return
      if (!row.issuer.trim())
        ctx.addIssue({ code: 'custom', path: [index, 'issuer'], message: 'Enter the identity provider’s URL.' })
      if (!row.id.trim())
        ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'Enter the id the provider gives this person.' })
    })
  }),
)

export const groupForm = z.object({
  name: resourceName,
  description: resourceDescription,
  roleIDs: z.array(z.string()),
  userIDs: z.array(z.string()),
  serviceAccountIDs: z.array(z.string()),
  subjects: subjectRows,
  projectIDs: z.array(z.string()),
})

export type GroupValues = z.input<typeof groupForm>

export const createDefaults: GroupValues = {
  name: '',
  description: '',
  roleIDs: [],
  userIDs: [],
  serviceAccountIDs: [],
  subjects: [],
  projectIDs: [],
}

export function updateDefaults(group: Group, projects: readonly Project[]): GroupValues {
  return {
    name: group.metadata.name,
    description: group.metadata.description ?? '',
    roleIDs: group.spec?.roleIDs ?? [],
    userIDs: group.spec?.userIDs ?? [],
    serviceAccountIDs: group.spec?.serviceAccountIDs ?? [],
    subjects: (group.spec?.subjects ?? []).map((s) => ({ issuer: s.issuer ?? '', id: s.id, email: s.email ?? '' })),
    projectIDs: projectsReferencing(projects, group.metadata.id).map((p) => p.metadata.id),
  }
}

/** The group's write. An update sends back the tags this form does not show, since the platform replaces the group. */
export function toWire(values: GroupValues, kept?: Group): Wire<GroupWrite, GroupValues> {
  const description = values.description.trim()
  const tags = kept?.metadata.tags ?? []
  const subjects = keptRows(values.subjects, isBlank)
  const subjectPaths: RowPaths<GroupValues> = {
    at: ['spec', 'subjects'],
    formRow: subjects.formRow,
    field: (row, column) =>
      `subjects.${row}.${column === 'issuer' || column === 'email' ? column : 'id'}` as Path<GroupValues>,
  }
  return {
    body: {
      metadata: { name: values.name.trim(), ...(description ? { description } : {}), ...(tags.length ? { tags } : {}) },
      spec: {
        roleIDs: values.roleIDs,
        userIDs: values.userIDs,
        serviceAccountIDs: values.serviceAccountIDs,
        ...(subjects.rows.length
          ? {
              subjects: subjects.rows.map((row) => ({
                id: row.id.trim(),
                issuer: row.issuer.trim(),
                ...(row.email.trim() ? { email: row.email.trim() } : {}),
              })),
            }
          : {}),
      },
    },
    pathOf: pathsOf(
      {
        'metadata.name': 'name',
        'metadata.description': 'description',
        'spec.roleIDs': 'roleIDs',
        'spec.userIDs': 'userIDs',
        'spec.serviceAccountIDs': 'serviceAccountIDs',
      },
      [subjectPaths],
    ),
  }
}

export const groupCreate = formWrite({
  schema: groupForm,
  endpoint: groupApi.create,
  wire: (values) => toWire(values),
})

/**
 * The project updates that make exactly `wanted` list the group: each project that should and does not, or does and
 * should not, sent back whole with its group list changed.
 */
export function projectLinks(
  projects: readonly Project[],
  groupId: string,
  wanted: readonly string[],
): { project: Project; body: ProjectCreate }[] {
  return projects.flatMap((project) => {
    const listed = project.spec.groupIDs.includes(groupId)
    const want = wanted.includes(project.metadata.id)
    if (listed === want) return []
    const { name, description, tags } = project.metadata
    const groupIDs = want ? [...project.spec.groupIDs, groupId] : project.spec.groupIDs.filter((id) => id !== groupId)
    return [
      {
        project,
        body: {
          metadata: {
            name,
            ...(description ? { description } : {}),
            ...(tags?.length ? { tags: tags.map((t) => ({ name: t.name, value: t.value })) } : {}),
          },
          spec: { groupIDs },
        },
      },
    ]
  })
}
