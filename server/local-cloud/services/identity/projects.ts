import { randomUUID } from 'node:crypto'
import * as z from 'zod'
import type { Handler, RequestContext } from '../../platform/context.ts'
import { forbidden, notFound } from '../../platform/errors.ts'
import { listReply } from '../../platform/filters.ts'
import { readableIn } from '../../platform/permissions.ts'
import { markDeleted, newMeta, statusChangesAt, updatedMeta } from '../../platform/lifecycle.ts'
import { assertUniqueName, describeUsers } from '../../platform/scope.ts'
import { usersOf } from '../../platform/usage.ts'
import type { ResourceMeta } from '../../platform/store/records.ts'
import { envelope } from '../../platform/validate.ts'
import { checkGroupIds, groupIDs } from './groups.ts'
import { organizationResourceRoutes, orgScopedMetadata, pathOrganization } from './organizations.ts'
import { registerTable } from '../../platform/store/tables.ts'

export interface ProjectRecord {
  meta: ResourceMeta
  organizationId: string
  groupIDs: string[]
}

declare module '../../platform/store/tables.ts' {
  interface Tables {
    projects: ProjectRecord
  }
}
registerTable('projects', {})

/** The project response has metadata and spec only. */
function projectView(project: ProjectRecord, now: number) {
  return {
    metadata: orgScopedMetadata(project.meta, project.organizationId, now),
    spec: { groupIDs: project.groupIDs },
  }
}

function findProject(ctx: RequestContext, organizationId: string): ProjectRecord {
  const project = ctx.store.projects.get(ctx.params.projectID ?? '')
  if (!project || project.organizationId !== organizationId) throw notFound('project not found')
  return project
}

const projectBody = envelope(z.object({ groupIDs }))

async function readProject(ctx: RequestContext, organizationId: string) {
  const { metadata, spec } = await ctx.body(projectBody)
  checkGroupIds(ctx, organizationId, spec.groupIDs)
  return { meta: metadata, groupIDs: spec.groupIDs }
}

const listProjects: Handler = (ctx) => {
  const org = pathOrganization(ctx)
  // Only the projects the caller may read: a member sees those his groups are linked to, as on the platform.
  const readable = readableIn(ctx.store, ctx.principal, 'identity:projects')
  return listReply(
    [...ctx.store.projects.values()].filter((p) => p.organizationId === org.id && readable(p.meta.id)),
    (p) => projectView(p, ctx.now),
    (p) => statusChangesAt(p.meta, ctx.now),
  )
}

const getProject: Handler = (ctx) => {
  const org = pathOrganization(ctx)
  return { status: 200, body: projectView(findProject(ctx, org.id), ctx.now) }
}

/** 202: a project is provisioned asynchronously. */
const createProject: Handler = async (ctx) => {
  const org = pathOrganization(ctx)
  const { meta, groupIDs } = await readProject(ctx, org.id)
  assertUniqueName(ctx.store.projects, 'project', { organizationId: org.id }, meta.name)
  const project: ProjectRecord = { meta: newMeta(ctx, meta, randomUUID()), organizationId: org.id, groupIDs }
  ctx.store.projects.set(project)
  return { status: 202, body: projectView(project, ctx.now) }
}

/** 200 with no body, as the identity document answers; a name another project has is 409 (identity v1.18.0). */
const updateProject: Handler = async (ctx) => {
  const org = pathOrganization(ctx)
  const project = findProject(ctx, org.id)
  const { meta, groupIDs } = await readProject(ctx, org.id)
  assertUniqueName(ctx.store.projects, 'project', { organizationId: org.id }, meta.name, project.meta.id)
  const updated: ProjectRecord = { ...project, meta: updatedMeta(ctx, project.meta, meta), groupIDs }
  ctx.store.projects.set(updated)
  return { status: 200 }
}

/**
 * A project that still holds infrastructure is not deleted: the caller must delete the resources first. What it holds
 * is what its row says uses it (`Resource.usedBy`).
 */
const deleteProject: Handler = (ctx) => {
  const org = pathOrganization(ctx)
  const project = findProject(ctx, org.id)
  const users = describeUsers(usersOf(ctx.store, 'projects', project.meta.id))
  if (users)
    throw forbidden(
      `project ${project.meta.name} still holds resources and cannot be deleted; delete them first: ${users}`,
    )
  markDeleted(ctx, ctx.store.projects, project)
  return { status: 202 }
}

/** An organization's projects. */
export const projectRoutes = organizationResourceRoutes(
  'projects',
  'projectID',
  'identity:projects',
  { list: listProjects, create: createProject, get: getProject, update: updateProject, delete: deleteProject },
  // A project is its own scope: a grant in the projects a member's groups are linked to covers those projects only.
  (store, params) => {
    const project = store.projects.get(params.projectID ?? '')
    return project && { organizationId: project.organizationId, projectId: project.meta.id }
  },
)
