import { Menu } from '../../components/mantine/Menu'
import { Text } from '../../components/mantine/Text'
import { notifications } from '@mantine/notifications'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { outcomeUnknown } from '../../api/errors'
import { signOut } from '../../api/session'
import { FailureText } from '../../components/ErrorAlert'
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
    // The menu has closed by now, so the failure is a notification that stays until dismissed. Nothing is cleared:
    // only the console server's answer clears the session cookie, and while it holds, the pages would load again.
    onError: (error) =>
      notifications.show({
        id: 'sign-out-failed',
        color: 'red',
        autoClose: false,
        title: 'Sign-out did not complete',
        message: (
          <>
            <FailureText error={error} />
            <Text size="sm" mt={4}>
              {outcomeUnknown(error)
                ? 'No answer came, so whether the console server ended the session is not known. '
                : ''}
              This browser still holds the session cookie, the working scope and the pages it loaded: nothing was
              cleared.
            </Text>
          </>
        ),
      }),
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
