// Projects of an organization ({identity_url}/api/v1/organizations/{organizationID}/projects).

import { mutationOptions, queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { sendJson, sendNoContent, type CallOptions } from './client'
import { projectKeys, type OrganizationFilter } from './keys'
import { seg, type ApiRequest } from './request'
import { projectCreateSchema, projectSchema, type Project, type ProjectCreate } from './schemas/identity'
import { knownFields } from './wire'

const collection = (organizationID: string) => `/api/v1/organizations/${seg(organizationID)}/projects`

export interface ProjectRef {
  organizationID: string
  projectID: string
}

export const projectRequests = {
  // Platform extension (not in the interface spec): list projects.
  list: ({ organizationID }: OrganizationFilter): ApiRequest => ({
    service: 'identity',
    method: 'GET',
    path: collection(organizationID),
  }),
  create: (organizationID: string, body: ProjectCreate): ApiRequest => ({
    service: 'identity',
    method: 'POST',
    path: collection(organizationID),
    body: knownFields(projectCreateSchema, body),
  }),
  // Platform extension (not in the interface spec): update a project (same body as create).
  update: ({ organizationID, projectID }: ProjectRef, body: ProjectCreate): ApiRequest => ({
    service: 'identity',
    method: 'PUT',
    path: `${collection(organizationID)}/${seg(projectID)}`,
    body: knownFields(projectCreateSchema, body),
  }),
  // Platform extension (not in the interface spec): delete a project.
  delete: ({ organizationID, projectID }: ProjectRef): ApiRequest => ({
    service: 'identity',
    method: 'DELETE',
    path: `${collection(organizationID)}/${seg(projectID)}`,
  }),
}

// Platform extension (not in the interface spec): list.
export function listProjects(scope: OrganizationFilter, options?: CallOptions): Promise<Project[]> {
  return sendJson(projectRequests.list(scope), z.array(projectSchema), options)
}

/** Provisioning is asynchronous: the answer (202) shows the project still provisioning. */
export function createProject(organizationID: string, body: ProjectCreate, options?: CallOptions): Promise<Project> {
  return sendJson(projectRequests.create(organizationID, body), projectSchema, options)
}

// Platform extension (not in the interface spec): update. The platform answers 200 without a body, so nothing is read.
export function updateProject(ref: ProjectRef, body: ProjectCreate, options?: CallOptions): Promise<void> {
  return sendNoContent(projectRequests.update(ref, body), options)
}

// Platform extension (not in the interface spec): delete.
export function deleteProject(ref: ProjectRef, options?: CallOptions): Promise<void> {
  return sendNoContent(projectRequests.delete(ref), options)
}

export const projectQueries = {
  all: projectKeys.all,
  lists: projectKeys.lists,
  list: (scope: OrganizationFilter) =>
    queryOptions({ queryKey: projectKeys.list(scope), queryFn: ({ signal }) => listProjects(scope, { signal }) }),
}

// The scope switcher reads the projects list, so create, update and delete refresh it.
export const projectMutations = {
  create: () =>
    mutationOptions({
      mutationKey: ['projects', 'create'],
      mutationFn: ({ organizationID, body }: { organizationID: string; body: ProjectCreate }) =>
        createProject(organizationID, body),
      onSuccess: (_project, _vars, _result, { client }) => client.invalidateQueries({ queryKey: projectKeys.lists() }),
    }),
  // Platform extension (not in the interface spec): update.
  update: () =>
    mutationOptions({
      mutationKey: ['projects', 'update'],
      mutationFn: ({ ref, body }: { ref: ProjectRef; body: ProjectCreate }) => updateProject(ref, body),
      onSuccess: (_data, _vars, _result, { client }) => client.invalidateQueries({ queryKey: projectKeys.lists() }),
    }),
  // Platform extension (not in the interface spec): delete.
  delete: () =>
    mutationOptions({
      mutationKey: ['projects', 'delete'],
      mutationFn: (ref: ProjectRef) => deleteProject(ref),
      onSuccess: (_data, _ref, _result, { client }) => client.invalidateQueries({ queryKey: projectKeys.lists() }),
    }),
}
