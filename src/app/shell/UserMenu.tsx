import { Avatar, Menu, UnstyledButton } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { sessionQuery, signOut } from '../../api/session'

export function UserMenu() {
  const queryClient = useQueryClient()
  const session = useQuery(sessionQuery())
  const mutation = useMutation({
    mutationFn: signOut,
    // Drop every cached response: the next person to sign in on this browser must not see them.
    onSuccess: () => {
      queryClient.clear()
      window.location.assign('/')
    },
  })
  const label = session.data?.kind === 'demo' ? 'Demo admin' : 'Token session'
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Account: ${label}`}>
          <Avatar radius="xl" color="blue" size={34}>
            {session.data?.kind === 'demo' ? 'DA' : 'TK'}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        <Menu.Item onClick={() => mutation.mutate()} disabled={mutation.isPending}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
