import { notifications } from '@mantine/notifications'
import type { User, UserWrite } from '../../api/schemas/identity'
import { tagsNotKept } from './user-form'

/** After a save, says which of the tags sent the platform's answer does not carry, instead of letting them vanish. */
export function noticeTagsNotKept(sent: UserWrite, saved: User): void {
  const lost = tagsNotKept(sent, saved)
  if (!lost.length) return
  notifications.show({
    color: 'amber',
    title: 'The platform did not keep the tags',
    message: `The user was saved, but the platform's answer does not carry ${lost.join(', ')}. This platform version does not store tags on users.`,
    autoClose: false,
  })
}
