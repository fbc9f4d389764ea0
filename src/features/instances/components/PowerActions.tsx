import { Button } from '../../../components/mantine/Button'
import { Group } from '../../../components/mantine/Group'
import { Tooltip } from '../../../components/mantine/Tooltip'
import { VisuallyHidden } from '../../../components/mantine/VisuallyHidden'
import { notifications } from '@mantine/notifications'
import { useMutation } from '@tanstack/react-query'
import { useId, useState, type ReactNode } from 'react'
import { POWER_ACTIONS, instanceApi, type PowerAction } from '../../../api/instances'
import type { Instance } from '../../../api/schemas/regional'
import { acceptedMessage, disabledReason, needsConfirmation, POWER_ACTION_LABELS } from '../power'
import { FailureText } from '../../../components/ErrorAlert'
import { PowerConfirmDialog, type ConfirmedAction } from './PowerConfirmDialog'
import { m } from '../../../api/endpoint'
import { resumeAfterSignIn } from '../../../api/resume-after-sign-in'
import { useAccess } from '../../../lib/permissions'
import { resources } from '../../../lib/resources'

/** One power action as the page offers it: why it cannot run now, whether it is running, and what choosing it does. */
export interface PowerItem {
  action: PowerAction
  label: string
  reason: string | undefined
  running: boolean
  /** Runs it, or opens its confirmation first; nothing while refused or while another runs. */
  choose: () => void
}

/**
 * Start, stop and reboot, with their confirmation dialog: the items a page lays out as buttons or in a menu, and the
 * dialog it renders once, outside them (a menu's items leave the page as it closes; the dialog they open must not).
 */
export function usePowerActions(instance: Instance): { items: PowerItem[]; dialog: ReactNode } {
  const access = useAccess()
  const power = useMutation(resumeAfterSignIn(m(instanceApi.power)))
  const [dialog, setDialog] = useState<{ action: ConfirmedAction; opened: boolean }>()
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

  const items = POWER_ACTIONS.map((action: PowerAction) => {
    const reason = access.reason(resources.instances, 'update') ?? disabledReason(instance, action)
    return {
      action,
      label: POWER_ACTION_LABELS[action],
      reason,
      running: power.isPending && power.variables?.action === action,
      choose: () => {
        if (reason || power.isPending) return
        if (needsConfirmation(action)) {
          power.reset()
          setDialog({ action, opened: true })
        } else {
          run(action)
        }
      },
    }
  })
  return {
    items,
    dialog: (
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
    ),
  }
}

/**
 * One power action's button. An action the state does not allow stays visible and focusable, marked disabled, with
 * the reason in a tooltip (on hover and on focus) and in its accessible description. Stop and reboot ask first.
 */
export function PowerButton({ item }: { item: PowerItem }) {
  const baseId = useId()
  const describedBy = item.reason ? `${baseId}-reason` : undefined
  return (
    <>
      <Tooltip
        label={item.reason}
        disabled={!item.reason}
        multiline
        w={260}
        withArrow
        events={{ hover: true, focus: true, touch: true }}
      >
        <Button
          variant="default"
          loading={item.running}
          data-disabled={item.reason ? true : undefined}
          aria-disabled={item.reason ? true : undefined}
          aria-describedby={describedBy}
          aria-haspopup={needsConfirmation(item.action) ? 'dialog' : undefined}
          onClick={(event) => {
            if (item.reason) event.preventDefault()
            item.choose()
          }}
        >
          {item.label}
        </Button>
      </Tooltip>
      {item.reason && <VisuallyHidden id={describedBy}>{item.reason}</VisuallyHidden>}
    </>
  )
}

/** Start, stop and reboot as three buttons. */
export function PowerActions({ instance }: { instance: Instance }) {
  const { items, dialog } = usePowerActions(instance)
  return (
    <Group gap="xs">
      {items.map((item) => (
        <PowerButton key={item.action} item={item} />
      ))}
      {dialog}
    </Group>
  )
}
