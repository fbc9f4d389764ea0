import { Avatar, Menu, UnstyledButton } from '@mantine/core'
import { HeaderMenu } from './HeaderMenu'
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
  const person = session.data?.person
  const label = person?.name ?? person?.email ?? (session.data?.kind === 'demo' ? 'Demo admin' : 'Token session')
  return (
    <HeaderMenu
      target={
        <UnstyledButton aria-label={`Account: ${label}`}>
          <Avatar radius="xl" color="iris" size={34}>
            {person ? initialsOf(label) : session.data?.kind === 'demo' ? 'DA' : 'TK'}
          </Avatar>
        </UnstyledButton>
      }
    >
      <Menu.Label>{label}</Menu.Label>
      {person?.name && person.email && <Menu.Label>{person.email}</Menu.Label>}
      <Menu.Item onClick={() => mutation.mutate()} disabled={mutation.isPending}>
        Sign out
      </Menu.Item>
    </HeaderMenu>
  )
}

/** "Alex Morgan" → "AM"; an e-mail gives its first letter. */
function initialsOf(label: string): string {
  const words = label.split(/[\s@.]+/).filter(Boolean)
  const letters = label.includes('@') ? words.slice(0, 1) : words.slice(0, 2)
  return letters.map((word) => word[0]!.toUpperCase()).join('')
}
