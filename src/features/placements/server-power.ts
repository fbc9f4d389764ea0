// Which power actions a placement server's state allows, as the local cloud and the platform's 409s say: a reboot
// needs Running, a hard reboot also takes a Stopped server (the document has no start), a stop needs Running.

export type ServerAction = 'reboot' | 'hardReboot' | 'stop'

export const SERVER_ACTION_LABELS: Record<ServerAction, string> = {
  reboot: 'Reboot',
  hardReboot: 'Hard reboot',
  stop: 'Stop',
}

const MOVING = new Set(['Pending', 'Queued', 'Building', 'Rebuilding', 'Stopping'])

/** Whether the state is passing by itself: the page polls until it settles. */
export const isMoving = (state: string | undefined) => state === undefined || MOVING.has(state)

/** Why the action cannot run now, or undefined when it can; shown as is beside the button. */
export function serverActionReason(state: string | undefined, action: ServerAction): string | undefined {
  if (state === 'Running') return undefined
  if (state === 'Stopped')
    return action === 'hardReboot'
      ? undefined
      : `The server is stopped; ${action === 'stop' ? 'it is already stopped' : 'a hard reboot starts it'}.`
  if (state === 'Error') return 'The platform reports the server in an error state.'
  return `The server is ${state ? state.toLowerCase() : 'not reported yet'}; wait until it is Running.`
}
