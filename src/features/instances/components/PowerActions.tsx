import { Button } from '../../../components/mantine/Button'
import { Group } from '../../../components/mantine/Group'
import { Tooltip } from '../../../components/mantine/Tooltip'
import { VisuallyHidden } from '../../../components/mantine/VisuallyHidden'
import { notifications } from '@mantine/notifications'
import { useMutation } from '@tanstack/react-query'
import { Fragment, useId, useState } from 'react'
import { POWER_ACTIONS, instanceApi, type PowerAction } from '../../../api/instances'
import type { Instance } from '../../../api/schemas/regional'
import { acceptedMessage, disabledReason, needsConfirmation, POWER_ACTION_LABELS } from '../power'
import { FailureText } from '../../../components/ErrorAlert'
import { PowerConfirmDialog, type ConfirmedAction } from './PowerConfirmDialog'
import { m } from '../../../api/endpoint'
import { resumeAfterSignIn } from '../../../api/resume-after-sign-in'
import { useAccess } from '../../../lib/permissions'
import { resources } from '../../../lib/resources'

/**
 * Start, stop and reboot. An action the state does not allow stays visible and focusable, marked disabled, with
 * the reason in a tooltip (on hover and on focus) and in its accessible description. Stop and reboot ask first.
 */
export function PowerActions({ instance }: { instance: Instance }) {
  const access = useAccess()
  const power = useMutation(resumeAfterSignIn(m(instanceApi.power)))
  const [dialog, setDialog] = useState<{ action: ConfirmedAction; opened: boolean }>()
  const baseId = useId()
  const name = instance.metadata.name
  const closeDialog = () => setDialog((current) => current && { ...current, opened: false })

  const run = (action: PowerAction, hard = false) =>
    power.mutate(
      { instanceID: instance.metadata.id, action, hard },
      {
        onSuccess: () => {
          closeDialog()
          notifications.show({ color: 'green', message: acceptedMessage(name, action, hard) })
        },
        // A confirmed action's refusal shows in its dialog; Start has none, so it gets a notification, in the platform's
        // words: the state it was started from allowed it, so the state is no known cause.
        onError: (error) => {
          if (!needsConfirmation(action))
            notifications.show({
              color: 'red',
              title: `${POWER_ACTION_LABELS[action]} failed`,
              message: <FailureText error={error} />,
            })
        },
      },
    )

  return (
    <Group gap="xs">
      {POWER_ACTIONS.map((action: PowerAction) => {
        const reason = access.reason(resources.instances, 'update') ?? disabledReason(instance, action)
        const running = power.isPending && power.variables?.action === action
        const describedBy = reason ? `${baseId}-${action}` : undefined
        return (
          <Fragment key={action}>
            <Tooltip
              label={reason}
              disabled={!reason}
              multiline
              w={260}
              withArrow
              events={{ hover: true, focus: true, touch: true }}
            >
              <Button
                variant="default"
                loading={running}
                data-disabled={reason ? true : undefined}
                aria-disabled={reason ? true : undefined}
                aria-describedby={describedBy}
                aria-haspopup={needsConfirmation(action) ? 'dialog' : undefined}
                onClick={(event) => {
                  if (reason || power.isPending) {
                    event.preventDefault()
                    return
                  }
                  if (needsConfirmation(action)) {
                    power.reset()
                    setDialog({ action, opened: true })
                  } else {
                    run(action)
                  }
                }}
              >
                {POWER_ACTION_LABELS[action]}
              </Button>
            </Tooltip>
            {reason && <VisuallyHidden id={describedBy}>{reason}</VisuallyHidden>}
          </Fragment>
        )
      })}
      <PowerConfirmDialog
        instance={instance}
        action={dialog?.action}
        opened={dialog?.opened ?? false}
        loading={power.isPending}
        error={power.error}
        onConfirm={(hard) => dialog && run(dialog.action, hard)}
        onClose={() => {
          closeDialog()
          power.reset()
        }}
      />
    </Group>
  )
}
