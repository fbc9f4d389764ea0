import type { PowerAction } from '../../api/instances'

// Which actions an instance's state allows, and why not when it does not: one place, so the buttons, their
// tooltips and the tests agree. Mirrors the platform's rules (start needs Stopped; stop and reboot need Running;
// nothing while it is being deleted or after it failed), so a refused click is rare and never a surprise. The states are
// the region document's instanceLifecyclePhase (v1.20.0): Pending, Queued and Building on the way to Running,
// Rebuilding while a new image is written, Stopping, Stopped, and Error, the provider's terminal state.

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
      return action === 'start'
        ? 'The instance is already starting.'
        : 'The instance is starting; wait until it is Running.'
    case 'Queued':
      return 'The instance is queued for hardware; wait until it is Running.'
    case 'Building':
      return 'The platform is building the instance; wait until it is Running.'
    case 'Rebuilding':
      return 'The instance is being rebuilt from its new image; wait until it is Running.'
    case 'Error':
      return 'The platform reports the instance in an error state, which allows no power action; delete it and create it again.'
    case 'Stopping':
      return action === 'stop'
        ? 'The instance is already stopping.'
        : 'The instance is stopping; wait until it is Stopped.'
    case 'Running':
      return 'The instance is already running.'
    case 'Stopped':
      return action === 'stop'
        ? 'The instance is already stopped.'
        : 'A stopped instance cannot be rebooted; start it instead.'
    // A fresh instance has no power state, and states read `unknown` until the platform's first reconcile.
    case undefined:
    case 'unknown':
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
  return instance.metadata.provisioningStatus === 'deprovisioning'
    ? 'The instance is already being deleted.'
    : undefined
}

/** Editing is allowed in any state except while the instance is being deleted (the platform refuses it then). */
export function editDisabledReason(instance: PowerSubject): string | undefined {
  return instance.metadata.provisioningStatus === 'deprovisioning' ? 'The instance is being deleted.' : undefined
}

/** What each button says. */
export const POWER_ACTION_LABELS: Record<PowerAction, string> = { start: 'Start', stop: 'Stop', reboot: 'Reboot' }

/** Stop and reboot interrupt whatever the guest is doing, so they ask first; start interrupts nothing. */
export function needsConfirmation(action: PowerAction): action is 'stop' | 'reboot' {
  return action !== 'start'
}

/** The notification once the platform has accepted the action; a hard reboot says it was one. */
export function acceptedMessage(name: string, action: PowerAction, hard = false): string {
  if (action === 'reboot')
    return hard
      ? `Instance ${name} is being power-cycled (hard reboot).`
      : `Instance ${name} is rebooting (soft ACPI reboot).`
  return `Instance ${name} is ${action === 'start' ? 'starting' : 'stopping'}.`
}

/**
 * What a refused power action says: the platform's words first. The platform has no state check of its own, so an
 * action the state does not allow fails inside it as a 500, as an outage does: the state is given as the cause only
 * when the state the console holds (`now`: the list the user chose from, or the instance read again after the
 * refusal) forbids the action. Anything else stays the platform's words alone.
 */
export function powerFailure(error: Error, action: PowerAction, now?: PowerSubject): string {
  const explanation = powerFailureCause(action, now)
  // The platform's words may end without a full stop; the cause is a sentence after them.
  return explanation ? `${error.message.replace(/[^.!?]$/, '$&.')} ${explanation}` : error.message
}

/** The state as the console holds it, when it forbids the action: a known cause of the refusal. */
export function powerFailureCause(action: PowerAction, now?: PowerSubject): string | undefined {
  const reason = now && disabledReason(now, action)
  return reason && `As the console last read it: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`
}
