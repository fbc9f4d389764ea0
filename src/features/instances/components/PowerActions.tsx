import { Button, Group, Tooltip, VisuallyHidden } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation } from '@tanstack/react-query'
import { Fragment, useId } from 'react'
import { instanceMutations, POWER_ACTIONS, type PowerAction } from '../../../api/instances'
import type { Instance } from '../../../api/schemas/regional'
import { disabledReason, POWER_ACTION_LABELS } from '../power'

/**
 * Start, stop and reboot. An action the state does not allow stays visible and focusable, marked disabled, with
 * the reason in a tooltip (on hover and on focus) and in its accessible description.
 */
export function PowerActions({ instance }: { instance: Instance }) {
  const power = useMutation(instanceMutations.power())
  const baseId = useId()
  const name = instance.metadata.name
  return (
    <Group gap="xs">
      {POWER_ACTIONS.map((action: PowerAction) => {
        const reason = disabledReason(instance, action)
        const running = power.isPending && power.variables?.action === action
        const describedBy = reason ? `${baseId}-${action}` : undefined
        return (
          <Fragment key={action}>
            <Tooltip label={reason} disabled={!reason} multiline w={260} withArrow events={{ hover: true, focus: true, touch: true }}>
              <Button
                variant="default"
                loading={running}
                data-disabled={reason ? true : undefined}
                aria-disabled={reason ? true : undefined}
                aria-describedby={describedBy}
                onClick={(event) => {
                  if (reason || power.isPending) {
                    event.preventDefault()
                    return
                  }
                  power.mutate(
                    { instanceID: instance.metadata.id, action },
                    {
                      onSuccess: () => notifications.show({ color: 'green', message: `Instance ${name} ${POWER_ACTION_LABELS[action].done}.` }),
                      onError: (error) => notifications.show({ color: 'red', title: `${POWER_ACTION_LABELS[action].label} failed`, message: error.message }),
                    },
                  )
                }}
              >
                {POWER_ACTION_LABELS[action].label}
              </Button>
            </Tooltip>
            {reason && <VisuallyHidden id={describedBy}>{reason}</VisuallyHidden>}
          </Fragment>
        )
      })}
    </Group>
  )
}
