import { Menu } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { signOut } from '../../api/session'
import { clearScope } from '../../lib/scope'
import { MenuPopup, type MenuPopupProps } from './MenuPopup'

/** The account menu's dropdown, loaded when first wanted (HeaderMenu): who is signed in, and signing out. */
export function UserMenuItems({
  label,
  email,
  ...menu
}: MenuPopupProps & { label: string; email?: string | undefined }) {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: signOut,
    // Drop every cached response and the working scope: the next person to sign in on this browser must not see them.
    onSuccess: () => {
      queryClient.clear()
      clearScope()
      window.location.assign('/')
    },
  })
  return (
    <MenuPopup {...menu}>
      <Menu.Label>{label}</Menu.Label>
      {email && <Menu.Label>{email}</Menu.Label>}
      <Menu.Item onClick={() => mutation.mutate()} disabled={mutation.isPending}>
        Sign out
      </Menu.Item>
    </MenuPopup>
  )
}
