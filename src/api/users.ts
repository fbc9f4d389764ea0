// Users of an organization ({identity_url}/api/v1/organizations/{organizationID}/users).

import { mutationOptions, queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { sendJson, sendNoContent, type CallOptions } from './client'
import { groupKeys, userKeys, type OrganizationFilter } from './keys'
import { seg, type ApiRequest } from './request'
import { userSchema, userWriteSchema, type User, type UserWrite } from './schemas/identity'
import { knownFields } from './wire'

const collection = (organizationID: string) => `/api/v1/organizations/${seg(organizationID)}/users`
const item = (organizationID: string, userID: string) => `${collection(organizationID)}/${seg(userID)}`

export interface UserRef {
  organizationID: string
  userID: string
}

export const userRequests = {
  // Platform extension (not in the interface spec): list users.
  list: ({ organizationID }: OrganizationFilter): ApiRequest => ({
    service: 'identity',
    method: 'GET',
    path: collection(organizationID),
  }),
  create: (organizationID: string, body: UserWrite): ApiRequest => ({
    service: 'identity',
    method: 'POST',
    path: collection(organizationID),
    body: knownFields(userWriteSchema, body),
  }),
  update: ({ organizationID, userID }: UserRef, body: UserWrite): ApiRequest => ({
    service: 'identity',
    method: 'PUT',
    path: item(organizationID, userID),
    body: knownFields(userWriteSchema, body),
  }),
  // Platform extension (not in the interface spec): delete a user.
  delete: ({ organizationID, userID }: UserRef): ApiRequest => ({
    service: 'identity',
    method: 'DELETE',
    path: item(organizationID, userID),
  }),
}

// Platform extension (not in the interface spec): list.
export function listUsers(scope: OrganizationFilter, options?: CallOptions): Promise<User[]> {
  return sendJson(userRequests.list(scope), z.array(userSchema), options)
}

export function createUser(organizationID: string, body: UserWrite, options?: CallOptions): Promise<User> {
  return sendJson(userRequests.create(organizationID, body), userSchema, options)
}

export function updateUser(ref: UserRef, body: UserWrite, options?: CallOptions): Promise<User> {
  return sendJson(userRequests.update(ref, body), userSchema, options)
}

// Platform extension (not in the interface spec): delete.
export function deleteUser(ref: UserRef, options?: CallOptions): Promise<void> {
  return sendNoContent(userRequests.delete(ref), options)
}

export const userQueries = {
  all: userKeys.all,
  lists: userKeys.lists,
  list: (scope: OrganizationFilter) =>
    queryOptions({ queryKey: userKeys.list(scope), queryFn: ({ signal }) => listUsers(scope, { signal }) }),
}

// A user's groupIDs are the groups' membership seen from the other side: groups list their users, so every user
// change refreshes the groups too.
export const userMutations = {
  create: () =>
    mutationOptions({
      mutationKey: ['users', 'create'],
      mutationFn: ({ organizationID, body }: { organizationID: string; body: UserWrite }) =>
        createUser(organizationID, body),
      onSuccess: (_user, _vars, _result, { client }) =>
        Promise.all([
          client.invalidateQueries({ queryKey: userKeys.lists() }),
          client.invalidateQueries({ queryKey: groupKeys.all() }),
        ]),
    }),
  update: () =>
    mutationOptions({
      mutationKey: ['users', 'update'],
      mutationFn: ({ ref, body }: { ref: UserRef; body: UserWrite }) => updateUser(ref, body),
      onSuccess: (_user, _vars, _result, { client }) =>
        Promise.all([
          client.invalidateQueries({ queryKey: userKeys.lists() }),
          client.invalidateQueries({ queryKey: groupKeys.all() }),
        ]),
    }),
  // Platform extension (not in the interface spec): delete.
  delete: () =>
    mutationOptions({
      mutationKey: ['users', 'delete'],
      mutationFn: (ref: UserRef) => deleteUser(ref),
      onSuccess: (_data, _ref, _result, { client }) =>
        Promise.all([
          client.invalidateQueries({ queryKey: userKeys.lists() }),
          client.invalidateQueries({ queryKey: groupKeys.all() }),
        ]),
    }),
}
