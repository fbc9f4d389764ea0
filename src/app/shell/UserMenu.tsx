import { UnstyledButton } from '../../components/mantine/UnstyledButton'
import { useQuery } from '@tanstack/react-query'
import { lazy } from 'react'
import { sessionQuery } from '../../api/session'
import { HeaderMenu } from './HeaderMenu'
import classes from './UserMenu.module.css'

const loadItems = () => import('./UserMenuItems')
const UserMenuItems = lazy(() => loadItems().then((m) => ({ default: m.UserMenuItems })))

export function UserMenu() {
  const session = useQuery(sessionQuery())
  const person = session.data?.person
  const label = person?.name ?? person?.email ?? person?.subject ?? KIND_LABELS[session.data?.kind ?? ''] ?? 'Signed in'
  return (
    <HeaderMenu
      target={
        <UnstyledButton aria-label={`Account: ${label}`}>
          <span className={classes.initials}>
            {person ? initialsOf(label) : (KIND_INITIALS[session.data?.kind ?? ''] ?? initialsOf(label))}
          </span>
        </UnstyledButton>
      }
      preload={loadItems}
      popup={(menu) => <UserMenuItems {...menu} label={label} email={person?.name && person.email} />}
    />
  )
}

/** How the menu names a session that carries no person: a pasted token, the demo admin. */
const KIND_LABELS: Record<string, string> = { demo: 'Demo admin', token: 'Token session' }
const KIND_INITIALS: Record<string, string> = { demo: 'DA', token: 'TK' }

/** "Alex Morgan" → "AM"; an e-mail or a subject gives its first letter. */
function initialsOf(label: string): string {
  const words = label.split(/[\s@.]+/).filter(Boolean)
  const letters = label.includes('@') ? words.slice(0, 1) : words.slice(0, 2)
  return letters.map((word) => word[0]!.toUpperCase()).join('')
}
