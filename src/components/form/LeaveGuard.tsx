import { lazy, Suspense, useCallback, useEffect, useState, type RefObject } from 'react'
import { useBeforeUnload, useBlocker, type BlockerFunction } from 'react-router'

const loadDialog = () => import('../LeaveUnsavedDialog')
// Its Modal is not needed before the user tries to leave unsaved input, which most visits to a form never do.
const LeaveUnsavedDialog = lazy(loadDialog)

/** What a form tells FormShell about its input, for asking before it is lost (useResourceForm's `unsaved`). */
export interface UnsavedInput {
  /** The fields hold something other than what the form opened with: react-hook-form's dirty state. */
  dirty: boolean
  /** Set as the form leaves on its own, for what it has just saved: that navigation loses nothing. */
  leavingSaved: RefObject<boolean>
}

/**
 * Holds an in-app navigation away from a form with unsaved input (a link, the sidebar, Back, Cancel) and asks first;
 * closing or reloading the tab gets the browser's own question. A navigation that keeps the form's route (its search
 * parameters) is let through: the form stays mounted, and nothing is lost. The in-place sign-in after a session ended
 * is no navigation at all, so it passes too.
 */
export function LeaveGuard({ dirty, leavingSaved, lost }: UnsavedInput & { lost: string }) {
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (dirty && !leavingSaved.current) event.preventDefault()
      },
      [dirty, leavingSaved],
    ),
  )
  // Fetched as soon as there is something to lose, so the question comes with the click, not a round trip later.
  useEffect(() => {
    if (dirty) void loadDialog()
  }, [dirty])
  // The router's blocker only while there is something to lose: the router warns of any blocker at a navigation it
  // did not make (history changed by other code), and it keeps one at a time (a service account's one-time token
  // holds its own once the form is gone).
  return dirty ? <AskBeforeLeaving leavingSaved={leavingSaved} lost={lost} /> : null
}

function AskBeforeLeaving({ leavingSaved, lost }: { leavingSaved: RefObject<boolean>; lost: string }) {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => !leavingSaved.current && currentLocation.pathname !== nextLocation.pathname,
    [leavingSaved],
  )
  const blocker = useBlocker(shouldBlock)
  const asking = blocker.state === 'blocked'
  // Kept mounted once asked, so the dialog closes with its transition and gives focus back where it was.
  const [asked, setAsked] = useState(false)
  if (asking && !asked) setAsked(true)
  if (!asked) return null
  return (
    <Suspense fallback={null}>
      <LeaveUnsavedDialog
        opened={asking}
        lost={lost}
        onStay={() => blocker.reset?.()}
        onLeave={() => blocker.proceed?.()}
      />
    </Suspense>
  )
}
