import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from './errors'
import { resumeAfterSignIn } from './resume-after-sign-in'
import { notifySignedInAgain, notifyUnauthorized, onUnauthorized } from './unauthorized'

const sessionEnded = new ApiError({
  status: 401,
  code: 'unauthorized',
  message: 'Your session has ended',
  service: 'compute',
  method: 'POST',
  path: '/api/v2/instances/i-1/snapshot',
})
const refused = new ApiError({ ...sessionEnded, status: 409, code: 'conflict', message: 'The name is taken' })

/** A call the platform answers with each of `answers` in turn, counting the calls. */
function platformAnswering(...answers: Array<Error | string>) {
  const sent: string[] = []
  const mutationFn = (name: string) => {
    sent.push(name)
    const answer = answers[sent.length - 1]
    if (answer === sessionEnded) notifyUnauthorized(sessionEnded) // as the API client does
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(`${answer}`)
  }
  return { sent, mutationFn }
}

let stopListening: (() => void) | undefined
/**
 * What the session gate does: it offers the sign-in on every 401. The user signs in once (in place, or on the full
 * sign-in page) after the refused call has settled, as a person does after the dialog appears.
 */
function offerSignIn(signIn?: { inPlace: boolean }) {
  let signedIn = false
  stopListening = onUnauthorized(() => {
    if (!signIn || signedIn) return
    signedIn = true
    setTimeout(() => notifySignedInAgain(signIn.inPlace))
  })
}
afterEach(() => stopListening?.())

describe('resumeAfterSignIn', () => {
  it('sends the call again, once, when the user signs in again in place, and answers with its result', async () => {
    offerSignIn({ inPlace: true })
    const platform = platformAnswering(sessionEnded, 'image-1')
    await expect(resumeAfterSignIn({ mutationFn: platform.mutationFn }).mutationFn('snap')).resolves.toBe('image-1')
    notifySignedInAgain(true)
    expect(platform.sent).toEqual(['snap', 'snap'])
  })

  it('answers with the second refusal, and does not wait for a further sign-in', async () => {
    offerSignIn({ inPlace: true })
    const platform = platformAnswering(sessionEnded, sessionEnded)
    await expect(resumeAfterSignIn({ mutationFn: platform.mutationFn }).mutationFn('snap')).rejects.toBe(sessionEnded)
    expect(platform.sent).toHaveLength(2)
  })

  it('sends nothing more when the sign-in replaced the page, and keeps the first refusal', async () => {
    offerSignIn({ inPlace: false })
    const platform = platformAnswering(sessionEnded, 'image-1')
    await expect(resumeAfterSignIn({ mutationFn: platform.mutationFn }).mutationFn('snap')).rejects.toBe(sessionEnded)
    expect(platform.sent).toHaveLength(1)
  })

  it('fails at once when nothing offers a sign-in, or when the refusal is not the session’s', async () => {
    const alone = platformAnswering(sessionEnded)
    await expect(resumeAfterSignIn({ mutationFn: alone.mutationFn }).mutationFn('snap')).rejects.toBe(sessionEnded)
    offerSignIn()
    const taken = platformAnswering(refused)
    await expect(resumeAfterSignIn({ mutationFn: taken.mutationFn }).mutationFn('snap')).rejects.toBe(refused)
    expect([alone.sent, taken.sent]).toEqual([['snap'], ['snap']])
  })
})
