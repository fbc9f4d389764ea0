import type { PowerAction } from '../../api/instances'

// Which actions an instance's state allows, and why not when it does not: one place, so the buttons, their
// tooltips and the tests agree. Mirrors the platform's rules (start needs Stopped; stop and reboot need Running;
// nothing while it is being deleted or after it failed), so a refused click is rare and never a surprise.

/** What the rules read: the provisioning status and the power state, as every instance answer carries them. */
export interface PowerSubject {
  metadata: { provisioningStatus?: string }
  status: { powerState?: string }
}

/** The state each action needs. */
const NEEDS: Record<PowerAction, 'Running' | 'Stopped'> = { start: 'Stopped', stop: 'Running', reboot: 'Running' }

/** Why the action cannot run now, or undefined when it can. Written to be shown as is, next to the button. */
export function disabledReason(instance: PowerSubject, action: PowerAction): string | undefined {
  const provisioning = instance.metadata.provisioningStatus
  if (provisioning === 'deprovisioning') return 'The instance is being deleted.'
  if (provisioning === 'error') return 'The instance failed to provision; delete it and create it again.'
  const state = instance.status.powerState
  if (state === NEEDS[action]) return undefined
  switch (state) {
    case 'Pending':
      return action === 'start' ? 'The instance is already starting.' : 'The instance is starting; wait until it is Running.'
    case 'Stopping':
      return action === 'stop' ? 'The instance is already stopping.' : 'The instance is stopping; wait until it is Stopped.'
    case 'Running':
      return 'The instance is already running.'
    case 'Stopped':
      return action === 'stop' ? 'The instance is already stopped.' : 'A stopped instance cannot be rebooted; start it instead.'
    case undefined:
      return 'The platform has not reported the power state yet.'
    default:
      return `The platform reports the power state "${state}", which allows no power action.`
  }
}

export function instanceCan(instance: PowerSubject, action: PowerAction): boolean {
  return disabledReason(instance, action) === undefined
}

/** Deleting is always allowed, except a second time while the first is under way. */
export function deleteDisabledReason(instance: PowerSubject): string | undefined {
  return instance.metadata.provisioningStatus === 'deprovisioning' ? 'The instance is already being deleted.' : undefined
}

/** What the button says and what the action does, for labels and confirmations. */
export const POWER_ACTION_LABELS: Record<PowerAction, { label: string; done: string }> = {
  start: { label: 'Start', done: 'is starting' },
  stop: { label: 'Stop', done: 'is stopping' },
  reboot: { label: 'Reboot', done: 'is rebooting' },
}
