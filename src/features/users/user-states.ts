import type { USER_STATES } from '../../api/schemas/identity'

/** What each of a user's states means for them, where the console shows or sets the state. */
export const STATE_HELP: Record<(typeof USER_STATES)[number], string> = {
  active: 'Can sign in and use what their groups grant.',
  pending: 'Invited; becomes active when they first sign in.',
  suspended: 'Cannot sign in. Their groups are kept, so reactivating restores their access.',
}
