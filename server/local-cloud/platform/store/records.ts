import type { Tag } from '../validate.ts'
import type { Tables } from './tables.ts'

/**
 * What the local cloud keeps, in the shape it is persisted. Read shapes are derived from these on every request,
 * so provisioning and power transitions follow from timestamps and stay right across restarts.
 */
export interface ResourceMeta {
  id: string
  name: string
  description?: string
  tags?: Tag[]
  creationTime: string
  createdBy: string
  modifiedTime?: string
  modifiedBy?: string
  /** Epoch ms at which provisioning (or re-provisioning after an update) completes. */
  readyAt: number
  /** Epoch ms at which a deletion completes; the resource reads as deprovisioning until then. */
  goneAt?: number
  deletionTime?: string
  /** Provisioning failed for good: provisioningStatus and healthStatus read `error`. */
  failed?: boolean
}

export interface OrganizationRecord {
  id: string
  name: string
  description: string
  creationTime: string
  domain: string
  regionIds: string[]
  /** How its people sign in: by their e-mail domain (the default), or only through explicit group membership. */
  organizationType?: 'adhoc' | 'domain'
  providerScope?: 'global' | 'organization'
  providerID?: string
  modifiedTime?: string
  /** Limits the platform provider set for this organization, by quota kind; the local cloud's defaults otherwise. */
  quotas?: Partial<Record<string, number>>
}

/** The region document's instanceLifecyclePhase (v1.20.0): compute v1.17.0's, with Rebuilding and Error. */
export type PowerState = 'Pending' | 'Queued' | 'Building' | 'Rebuilding' | 'Running' | 'Stopping' | 'Stopped' | 'Error'

export interface PowerRecord {
  phase: PowerState
  /** Later transient phases on the way, each from its time `at` (epoch ms): a create's Queued, then Building. */
  then?: { phase: PowerState; at: number }[]
  /** A transient phase settles into `settlesTo` at `settlesAt` (epoch ms). */
  settlesAt?: number
  settlesTo?: PowerState
}

/** The whole state as the snapshot holds it: the organizations, then one list per declared table. */
export type StateData = {
  version: 1
  organizations: OrganizationRecord[]
} & { [Name in keyof Tables]: Tables[Name][] }
