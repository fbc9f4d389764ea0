import { Alert } from '../mantine/Alert'
import { Button } from '../mantine/Button'
import { Grid } from '../mantine/Grid'
import { Group } from '../mantine/Group'
import { Stack } from '../mantine/Stack'
import { Text } from '../mantine/Text'
import { useEffect, useRef, type FormEventHandler, type ReactNode } from 'react'
import type { RequestDescription } from '../../api/describeRequest'
import type { TraceIds } from '../../api/errors'
import { ErrorAlert } from '../ErrorAlert'
import { PermittedAction } from '../PermittedAction'
import { RequestPreview } from '../RequestPreview'
import { keepFocus } from './keep-focus'
import { LeaveGuard, type UnsavedInput } from './LeaveGuard'

export interface SubmitError {
  /** Who failed: the platform refusing, the platform unavailable, the console server out of reach (errorTitle). */
  title?: string
  message: string
  /** The platform's trace id, and the console server's (which its log line and the upstream's carry) beside it. */
  traces?: TraceIds
}

interface FormShellProps {
  onSubmit: FormEventHandler<HTMLFormElement>
  submitLabel: string
  loading: boolean
  /** A server error no single field owns; errors that name a field are shown at that field instead. */
  submitError?: SubmitError
  request: RequestDescription | undefined
  onCancel: () => void
  children: ReactNode
  /** Shown below the fields, e.g. a warning the user may proceed past. */
  notice?: ReactNode
  /**
   * Why the caller's roles do not allow this write: said at the top, and the submit button stays in place but off,
   * with the reason, while the form stays readable.
   */
  notAllowed?: string | undefined
  /** The form's input as against what it opened with (useResourceForm): leaving it unsaved asks first. */
  unsaved?: UnsavedInput
  /** What leaving unsaved loses, said in that question. */
  lost?: string
}

/** Every create/update form: fields on the left, the exact request on the right, errors at the top. */
export function FormShell({
  onSubmit,
  submitLabel,
  loading,
  submitError,
  request,
  onCancel,
  children,
  notice,
  notAllowed,
  unsaved,
  lost = 'What you entered in this form is not saved, and is lost.',
}: FormShellProps) {
  const refusal = useRef<HTMLDivElement>(null)
  // A refusal is said at the top of the form, often far above the button the user pressed: focus and scroll go to
  // it, so it is seen and read out (a field the platform named takes focus itself, through setError).
  useEffect(() => {
    if (!submitError) return
    refusal.current?.focus({ preventScroll: true })
    refusal.current?.scrollIntoView({ block: 'start', behavior: 'smooth' })
  }, [submitError])
  return (
    <Grid gap="xl">
      {/* Not for a form the caller may not submit: there was never a way to save what they typed. */}
      {unsaved && !notAllowed && <LeaveGuard {...unsaved} lost={lost} />}
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <form onSubmit={notAllowed ? (event) => event.preventDefault() : onSubmit} noValidate>
          <Stack gap="md">
            {notAllowed && (
              <Alert color="amber" variant="light" title="You can read this form but not submit it">
                <Text size="sm">{notAllowed}</Text>
              </Alert>
            )}
            {submitError && (
              <ErrorAlert
                ref={refusal}
                tabIndex={-1}
                title={submitError.title ?? 'The platform refused the request'}
                message={submitError.message}
                traces={submitError.traces}
              />
            )}
            {children}
            {notice}
            {/* Pressing the buttons leaves focus in the field being edited until the click is done: its blur would
                show its error, which pushes the buttons down under the pointer, and the click was lost. */}
            <Group justify="flex-end" mt="sm" {...keepFocus}>
              <Button variant="default" onClick={onCancel} disabled={loading}>
                Cancel
              </Button>
              <PermittedAction type="submit" loading={loading} disabledReason={notAllowed}>
                {submitLabel}
              </PermittedAction>
            </Group>
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <div style={{ position: 'sticky', top: 76 }}>
          <RequestPreview request={request} title="Request this form sends" />
        </div>
      </Grid.Col>
    </Grid>
  )
}
