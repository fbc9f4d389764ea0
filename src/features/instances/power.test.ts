import { describe, expect, it } from 'vitest'
import { POWER_ACTIONS } from '../../api/instances'
import {
  acceptedMessage,
  deleteDisabledReason,
  disabledReason,
  editDisabledReason,
  instanceCan,
  needsConfirmation,
  powerFailure,
  type PowerSubject,
} from './power'
import { ApiError } from '../../api/errors'

const at = (powerState: string | undefined, provisioningStatus = 'provisioned'): PowerSubject => ({
  metadata: { provisioningStatus },
  status: { powerState },
})
const allowed = (subject: PowerSubject) => POWER_ACTIONS.filter((action) => instanceCan(subject, action))

describe('power actions by state', () => {
  it('allows stop and reboot only when Running, start only when Stopped', () => {
    expect(allowed(at('Running'))).toEqual(['stop', 'reboot'])
    expect(allowed(at('Stopped'))).toEqual(['start'])
  })
  it('allows nothing while the instance is moving between states', () => {
    expect(allowed(at('Pending', 'provisioning'))).toEqual([])
    expect(allowed(at('Pending'))).toEqual([])
    expect(allowed(at('Stopping'))).toEqual([])
    for (const state of ['Queued', 'Building', 'Rebuilding']) expect(allowed(at(state))).toEqual([])
  })
  it('allows nothing on a failed or deleting instance, whatever its power state says', () => {
    expect(allowed(at('Running', 'error'))).toEqual([])
    expect(allowed(at('Stopped', 'deprovisioning'))).toEqual([])
    expect(disabledReason(at('Running', 'error'), 'stop')).toBe(
      'The instance failed to provision; delete it and create it again.',
    )
    expect(disabledReason(at('Stopped', 'deprovisioning'), 'start')).toBe('The instance is being deleted.')
  })
  it('gives a reason for every refusal that says what to do or wait for', () => {
    expect(disabledReason(at('Stopped'), 'reboot')).toBe('A stopped instance cannot be rebooted; start it instead.')
    expect(disabledReason(at('Stopped'), 'stop')).toBe('The instance is already stopped.')
    expect(disabledReason(at('Running'), 'start')).toBe('The instance is already running.')
    expect(disabledReason(at('Pending'), 'stop')).toBe('The instance is starting; wait until it is Running.')
    expect(disabledReason(at('Pending'), 'start')).toBe('The instance is already starting.')
    expect(disabledReason(at('Stopping'), 'start')).toBe('The instance is stopping; wait until it is Stopped.')
    expect(disabledReason(at(undefined), 'start')).toBe('The platform has not reported the power state yet.')
    expect(disabledReason(at('unknown'), 'stop')).toBe('The platform has not reported the power state yet.')
    expect(disabledReason(at('Queued', 'provisioning'), 'stop')).toBe(
      'The instance is queued for hardware; wait until it is Running.',
    )
    expect(disabledReason(at('Building', 'provisioning'), 'reboot')).toBe(
      'The platform is building the instance; wait until it is Running.',
    )
    expect(disabledReason(at('Rebuilding'), 'stop')).toBe(
      'The instance is being rebuilt from its new image; wait until it is Running.',
    )
    expect(disabledReason(at('Error'), 'start')).toBe(
      'The platform reports the instance in an error state, which allows no power action; delete it and create it again.',
    )
    expect(disabledReason(at('Hibernated'), 'start')).toBe(
      'The platform reports the power state "Hibernated", which allows no power action.',
    )
  })
  it('never gives a reason for an allowed action', () => {
    for (const state of [
      'Pending',
      'Queued',
      'Building',
      'Rebuilding',
      'Running',
      'Stopping',
      'Stopped',
      'Error',
      undefined,
    ]) {
      for (const action of POWER_ACTIONS)
        expect(instanceCan(at(state), action)).toBe(disabledReason(at(state), action) === undefined)
    }
  })
})

describe('delete', () => {
  it('is allowed in any state except while already deleting', () => {
    expect(deleteDisabledReason(at('Running'))).toBeUndefined()
    expect(deleteDisabledReason(at('Pending', 'error'))).toBeUndefined()
    expect(deleteDisabledReason(at('Running', 'deprovisioning'))).toBe('The instance is already being deleted.')
  })
})

describe('edit', () => {
  it('is allowed in any power state, failed included, but not while deleting', () => {
    for (const state of ['Pending', 'Running', 'Stopping', 'Stopped'])
      expect(editDisabledReason(at(state))).toBeUndefined()
    expect(editDisabledReason(at('Running', 'error'))).toBeUndefined()
    expect(editDisabledReason(at('Running', 'deprovisioning'))).toBe('The instance is being deleted.')
  })
})

describe('confirmation and notification', () => {
  it('asks before stop and reboot, not before start', () => {
    expect(POWER_ACTIONS.filter(needsConfirmation)).toEqual(['stop', 'reboot'])
  })
  it('says which reboot the platform accepted', () => {
    expect(acceptedMessage('vm', 'reboot')).toBe('Instance vm is rebooting (soft ACPI reboot).')
    expect(acceptedMessage('vm', 'reboot', true)).toBe('Instance vm is being power-cycled (hard reboot).')
    expect(acceptedMessage('vm', 'stop')).toBe('Instance vm is stopping.')
    expect(acceptedMessage('vm', 'start')).toBe('Instance vm is starting.')
  })
})

describe('a refused power action', () => {
  const refused = (status: number, code: string, message = 'an internal error has occurred') =>
    new ApiError({ status, code, message, service: 'compute', method: 'POST', path: '/x' })
  it('is the platform’s words alone while the state the console holds allows the action (an outage)', () => {
    expect(powerFailure(refused(500, 'server_error'), 'stop', at('Running'))).toBe('an internal error has occurred')
    expect(powerFailure(refused(500, 'server_error'), 'stop')).toBe('an internal error has occurred')
  })
  it('adds the state as the cause only when the state the console holds forbids the action', () => {
    expect(powerFailure(refused(500, 'server_error', 'failed to stop instance'), 'stop', at('Stopped'))).toBe(
      'failed to stop instance. As the console last read it: the instance is already stopped.',
    )
  })
})
