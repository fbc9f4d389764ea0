import { Button } from '../../../components/mantine/Button'
import { CloseButton } from '../../../components/mantine/CloseButton'
import { Group } from '../../../components/mantine/Group'
import { Popover } from '../../../components/mantine/Popover'
import { Stack } from '../../../components/mantine/Stack'
import { useMutation } from '@tanstack/react-query'
import { useState, type ReactElement } from 'react'
import type { PopoverProps } from '@mantine/core'
import { instanceApi } from '../../../api/instances'
import { resumeAfterSignIn } from '../../../api/resume-after-sign-in'
import type { Image, Instance } from '../../../api/schemas/regional'
import { PermittedAction } from '../../../components/PermittedAction'
import { useAccess } from '../../../lib/permissions'
import { resources } from '../../../lib/resources'
import { consoleDisabledReason, refusedConsoleAddress, snapshotDisabledReason, sshKeyDisabledReason } from '../access'
import { ErrorAlert } from '../../../components/ErrorAlert'
import { ActionError } from './ActionError'
import { SnapshotDialog } from './SnapshotDialog'
import { SshKeyDialog } from './SshKeyDialog'

/** Why the caller or the state refuses each of the access actions, or undefined where it is allowed. */
export function accessReasons(denied: string | undefined, instance: Instance) {
  return {
    sshKey: denied ?? sshKeyDisabledReason(instance),
    console: denied ?? consoleDisabledReason(instance),
    snapshot: denied ?? snapshotDisabledReason(instance),
  }
}

/**
 * The SSH key's and the snapshot's dialogs, one open at a time, rendered by the page once, outside whatever opens
 * them (buttons, or a menu whose items leave the page as it closes).
 */
export function useAccessDialogs(instance: Instance, image: Image | undefined) {
  const [dialog, setDialog] = useState<'sshKey' | 'snapshot'>()
  return {
    open: setDialog,
    dialogs: (
      <>
        <SshKeyDialog
          instance={instance}
          image={image}
          opened={dialog === 'sshKey'}
          onClose={() => setDialog(undefined)}
        />
        <SnapshotDialog instance={instance} opened={dialog === 'snapshot'} onClose={() => setDialog(undefined)} />
      </>
    ),
  }
}

/**
 * What a user does with a machine once it exists: log in (its SSH key), look at its console, keep its disk as an
 * image. Each takes what changing the instance takes; one the caller or the state does not allow stays in place,
 * disabled, with the reason.
 */
export function InstanceAccessActions({ instance, image }: { instance: Instance; image: Image | undefined }) {
  const reasons = accessReasons(useAccess().reason(resources.instances, 'update'), instance)
  const { open, dialogs } = useAccessDialogs(instance, image)
  return (
    <Group gap="xs">
      <PermittedAction
        variant="default"
        disabledReason={reasons.sshKey}
        onClick={() => open('sshKey')}
        aria-haspopup="dialog"
      >
        Get SSH key
      </PermittedAction>
      <OpenConsoleButton instance={instance} disabledReason={reasons.console} />
      <PermittedAction
        variant="default"
        disabledReason={reasons.snapshot}
        onClick={() => open('snapshot')}
        aria-haspopup="dialog"
      >
        Snapshot
      </PermittedAction>
      {dialogs}
    </Group>
  )
}

/**
 * Asks the platform for a console session and opens its page in a new tab, cut off from this one (noopener): the
 * console's own CSP frames nothing, and the session page is the compute host's. What refused it, the platform or the
 * console itself (an address it will not open), is kept for the page to show where the user asked.
 */
export function useConsoleSession(instance: Instance) {
  const session = useMutation(
    resumeAfterSignIn({
      mutationFn: (vars: { instanceID: string }) => instanceApi.consoleSession.call(vars),
      gcTime: 0,
    }),
  )
  const [refused, setRefused] = useState<string>()
  return {
    pending: session.isPending,
    error: session.error,
    refused,
    dismiss: () => {
      setRefused(undefined)
      session.reset()
    },
    open: () => {
      setRefused(undefined)
      session.mutate(
        { instanceID: instance.metadata.id },
        {
          onSuccess: ({ url }) => {
            const refusal = refusedConsoleAddress(url)
            if (refusal) setRefused(refusal)
            else window.open(url, '_blank', 'noopener,noreferrer')
            session.reset()
          },
        },
      )
    },
  }
}

/**
 * What refused a console session, in a refusal's words (the platform's, or the console's own), in a popover at
 * `target`, where the user asked for it, until dismissed.
 */
export function ConsoleRefusal({
  session,
  target,
  ...popover
}: Omit<PopoverProps, 'opened' | 'onChange' | 'children'> & {
  session: ReturnType<typeof useConsoleSession>
  target: ReactElement
}) {
  return (
    <Popover
      opened={Boolean(session.error ?? session.refused)}
      onChange={(opened) => !opened && session.dismiss()}
      withArrow
      {...popover}
    >
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" align="flex-end">
          <CloseButton aria-label="Dismiss" onClick={session.dismiss} size="sm" />
          {session.error && <ActionError error={session.error} refused="The platform refused to open a console" />}
          {session.refused && <ErrorAlert title="The console was not opened" message={session.refused} />}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}

/** Open console, with what refused it at the button. */
function OpenConsoleButton({ instance, disabledReason }: { instance: Instance; disabledReason: string | undefined }) {
  const session = useConsoleSession(instance)
  if (disabledReason)
    return (
      <PermittedAction variant="default" disabledReason={disabledReason}>
        Open console
      </PermittedAction>
    )
  return (
    <ConsoleRefusal
      session={session}
      width={360}
      target={
        <Button variant="default" loading={session.pending} onClick={session.open}>
          Open console
        </Button>
      }
    />
  )
}
