// Compute instances ({compute_url}/api/v2/instances). The spec has create only; list, get, update, delete and the power
// actions are platform extensions.

import { endpoint, listEndpoint } from './endpoint'
import { filtersToQuery, seg, type RegionalListFilters } from './request'
import {
  consoleOutputSchema,
  consoleSessionSchema,
  imageSchema,
  instanceCreateSchema,
  instanceSchema,
  instanceSnapshotSchema,
  instanceUpdateSchema,
  sshKeySchema,
  type Instance,
} from './schemas/regional'

const collection = () => '/api/v2/instances'
const item = ({ instanceID }: { instanceID: string }) => `${collection()}/${seg(instanceID)}`
// Instances are the compute service's ({compute_url}, COMPUTE_URL: by default the regional API's base URL).
const compute = { resource: 'instances', service: 'compute' } as const

export const POWER_ACTIONS = ['start', 'stop', 'reboot'] as const
export type PowerAction = (typeof POWER_ACTIONS)[number]

/**
 * A change of name, description or tags alone leaves the machine as it was, yet the platform answers it as
 * provisioning again, without its addresses, for a moment: the page keeps the state and addresses it showed.
 */
function keptByMetadataChange(saved: Instance, shown: Instance): Instance {
  if (JSON.stringify(saved.spec) !== JSON.stringify(shown.spec)) return saved
  return {
    ...saved,
    metadata: { ...saved.metadata, provisioningStatus: shown.metadata.provisioningStatus },
    status: shown.status,
  }
}

export const instanceApi = {
  // Platform extension (not in the interface spec): list instances.
  list: listEndpoint({
    ...compute,
    path: collection,
    query: (filters: RegionalListFilters) => filtersToQuery(filters),
    item: instanceSchema,
  }),
  // Platform extension (not in the interface spec): get an instance.
  detail: endpoint({ ...compute, op: 'detail', method: 'GET', path: item, read: instanceSchema }),
  create: endpoint({
    ...compute,
    op: 'create',
    method: 'POST',
    path: collection,
    write: instanceCreateSchema,
    read: instanceSchema,
    effects: { seed: (saved) => ({ instanceID: saved.metadata.id }), invalidates: [['instances', 'list'], ['quotas']] },
  }),
  // Platform extension (not in the interface spec): update (202 with the instance). A changed flavor resizes it, a
  // changed image rebuilds it.
  update: endpoint({
    ...compute,
    op: 'update',
    method: 'PUT',
    path: item,
    write: instanceUpdateSchema,
    read: instanceSchema,
    effects: {
      seed: (_saved, { instanceID }) => ({ instanceID }),
      keep: keptByMetadataChange,
      invalidates: [['instances', 'list'], ['quotas']],
    },
  }),
  // Platform extension (not in the interface spec): delete.
  delete: endpoint({
    ...compute,
    op: 'delete',
    method: 'DELETE',
    path: item,
    effects: { invalidates: [['instances'], ['quotas']] },
  }),
  // Platform extension (not in the interface spec): start, stop, reboot (soft by default, `hard` power-cycles); 202
  // without a body. An accepted action puts the instance in its passing state (Stopping, or Pending on the way to
  // Running), shown at once, and pages poll while powerState is Pending or Stopping.
  power: endpoint({
    ...compute,
    op: 'power',
    method: 'POST',
    path: (vars: { instanceID: string; action: PowerAction; hard?: boolean }) => `${item(vars)}/${vars.action}`,
    query: ({ action, hard }) => (action === 'reboot' && hard ? { hard: 'true' } : {}),
    effects: {
      accepted: ({ instanceID, action }) => ({
        params: { instanceID },
        update: (detail) => {
          const instance = detail as Instance
          return { ...instance, status: { ...instance.status, powerState: action === 'stop' ? 'Stopping' : 'Pending' } }
        },
      }),
      invalidates: [['instances', 'list']],
    },
  }), // The instance's SSH private key ({privateKey}). Read only when the user asks for it, through a mutation whose
  // answer is dropped when its dialog closes: never a query, so the key is never kept in the query cache.
  sshKey: endpoint({
    ...compute,
    op: 'sshKey',
    method: 'GET',
    path: (vars: { instanceID: string }) => `${item(vars)}/sshkey`,
    read: sshKeySchema,
  }),
  // The serial console's log ({contents}), its last `length` lines when given.
  consoleOutput: endpoint({
    ...compute,
    op: 'consoleOutput',
    method: 'GET',
    path: (vars: { instanceID: string; length?: number }) => `${item(vars)}/consoleoutput`,
    query: ({ length }) => (length === undefined ? {} : { length: String(length) }),
    read: consoleOutputSchema,
  }),
  // A new console session ({url}): a page on the compute host, opened in a tab of its own.
  consoleSession: endpoint({
    ...compute,
    op: 'consoleSession',
    method: 'GET',
    path: (vars: { instanceID: string }) => `${item(vars)}/consolesession`,
    read: consoleSessionSchema,
  }),
  // A new image of the instance's disk (201 with the image, pending until it is ready), among its region's images.
  snapshot: endpoint({
    ...compute,
    op: 'snapshot',
    method: 'POST',
    path: (vars: { instanceID: string }) => `${item(vars)}/snapshot`,
    write: instanceSnapshotSchema,
    read: imageSchema,
    effects: { invalidates: [['images']] },
  }),
}
