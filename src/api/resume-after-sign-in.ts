import { isSessionEnded } from './errors'
import { signedInAgain } from './unauthorized'

/**
 * Mutation options whose call, refused because the session ended, is sent again once — and only once — the user
 * signs in again in place, so one click still does what was clicked: the mutation stays pending under the sign-in
 * and its result (or the second call's refusal) lands where the user clicked. A sign-in that replaced the page
 * sends nothing; the first refusal stands. For actions a click starts; forms keep their input and are submitted
 * again by the user.
 */
export function resumeAfterSignIn<O extends { mutationFn?: (...args: never[]) => Promise<unknown> }>(options: O): O {
  const { mutationFn } = options
  if (!mutationFn) return options
  const resumed = async (...args: never[]) => {
    try {
      return await mutationFn(...args)
    } catch (error) {
      if (!isSessionEnded(error) || !(await signedInAgain())) throw error
      return mutationFn(...args)
    }
  }
  return { ...options, mutationFn: resumed }
}
