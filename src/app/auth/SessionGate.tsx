import { Center, Loader, Modal, Text } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { onUnauthorized } from '../../api/unauthorized'
import { sessionQuery } from '../../api/session'
import { SignInForm } from './SignInForm'
import { SignInPage } from './SignInPage'

/**
 * Signed out at start: the sign-in page, at whatever URL was opened. Signed out later (any 401): the sign-in comes
 * back over the current page, which stays mounted, so unsaved form input survives; signing in retries what failed.
 */
export function SessionGate({ children, onSignedIn }: { children: ReactNode; onSignedIn: () => void }) {
  const queryClient = useQueryClient()
  const session = useQuery(sessionQuery())
  const [expired, setExpired] = useState(false)

  useEffect(() => onUnauthorized(() => setExpired(true)), [])

  const resume = () => {
    setExpired(false)
    void queryClient.invalidateQueries()
    onSignedIn()
  }

  if (session.isPending) {
    return (
      <Center mih="100vh">
        <Loader aria-label="Loading the console" />
      </Center>
    )
  }
  if (!session.data) return <SignInPage onSignedIn={resume} />

  return (
    <>
      {children}
      <Modal opened={expired} onClose={() => {}} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false} title="Your session has ended" centered>
        <Text size="sm" mb="md">
          Sign in again to continue. Nothing on this page is lost: your unsaved input is still here.
        </Text>
        <SignInForm onSignedIn={resume} />
      </Modal>
    </>
  )
}
