import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/errors'
import { FormShell } from './form/FormShell'
import { placeServerError } from './form/server-errors'

const request = { service: 'region', method: 'POST', path: '/api/v2/networks' } as const

/** The alert a form shows when its submit failed with this error and no field owns it. */
function refusal(error: ApiError) {
  const submitError = placeServerError(
    error,
    () => undefined,
    () => undefined,
  )
  render(
    <MantineProvider>
      <FormShell
        onSubmit={() => undefined}
        submitLabel="Create network"
        loading={false}
        submitError={submitError}
        request={undefined}
        onCancel={() => undefined}
      >
        <span />
      </FormShell>
    </MantineProvider>,
  )
  return screen.getByRole('alert')
}

describe('the title over a failed submit says who failed', () => {
  it('a lost connection is not the platform refusing', () => {
    const alert = refusal(
      new ApiError({
        ...request,
        status: 0,
        code: 'network_error',
        message: 'Could not reach the console server. Check your connection and try again.',
      }),
    )
    expect(alert.textContent).toMatch(/^Could not reach the console server/)
    expect(alert.textContent).not.toMatch(/refused/)
  })

  it('a 503 says the platform is temporarily unavailable', () => {
    const alert = refusal(
      new ApiError({ ...request, status: 503, code: 'service_unavailable', message: 'temporarily unavailable' }),
    )
    expect(alert.textContent).toMatch(/^The platform is temporarily unavailable/)
  })

  it('a 503 of the sign-in provider, while the console renewed the session, names the provider, not the platform', () => {
    const alert = refusal(
      new ApiError({
        ...request,
        status: 503,
        code: 'sign_in_provider_unavailable',
        message: "The sign-in provider could not renew this session's access token just now.",
      }),
    )
    expect(alert.textContent).toMatch(/^The sign-in provider is temporarily unavailable/)
  })

  it('a write the console could not record says it was not sent, not that the platform is down', () => {
    const alert = refusal(
      new ApiError({
        ...request,
        status: 503,
        code: 'activity_log_unavailable',
        message: 'The console could not record this change in the activity log, so it did not send it.',
      }),
    )
    expect(alert.textContent).toMatch(/^Not sent: the activity log is unavailable/)
    expect(alert.textContent).not.toMatch(/platform/)
  })

  it('a 503 the console server made itself names the console server', () => {
    const alert = refusal(
      new ApiError({
        service: 'console',
        method: 'POST',
        path: '/console/session',
        status: 503,
        code: 'temporarily_unavailable',
        message: 'The console is serving as many sessions as it allows.',
      }),
    )
    expect(alert.textContent).toMatch(/^The console server is temporarily unavailable/)
  })

  it('a gateway error says the platform could not be reached', () => {
    const alert = refusal(
      new ApiError({ ...request, status: 502, code: 'bad_gateway', message: 'region did not answer' }),
    )
    expect(alert.textContent).toMatch(/^The platform could not be reached/)
  })

  it("a write cut off after it was sent says the platform's answer was lost, not that it could not be reached", () => {
    const alert = refusal(
      new ApiError({ ...request, status: 502, code: 'upstream_answer_lost', message: 'it may have been carried out' }),
    )
    expect(alert.textContent).toMatch(/^The platform's answer was lost/)
  })

  it('a reservation the platform has no room for says so, not that the platform failed', () => {
    const alert = refusal(
      new ApiError({
        ...request,
        service: 'reservation',
        path: '/api/v2/reservations',
        status: 507,
        code: 'insufficient_storage',
        message: 'insufficient capacity to satisfy the reservation',
      }),
    )
    expect(alert.textContent).toMatch(/^Not enough free capacity/)
  })

  it('a conflict is the platform refusing', () => {
    const alert = refusal(new ApiError({ ...request, status: 409, code: 'conflict', message: 'the network is in use' }))
    expect(alert.textContent).toMatch(/^The platform refused the request/)
  })
})
