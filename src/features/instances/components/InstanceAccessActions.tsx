import { Button } from '../../../components/mantine/Button'
import { CloseButton } from '../../../components/mantine/CloseButton'
import { Group } from '../../../components/mantine/Group'
import { Popover } from '../../../components/mantine/Popover'
import { Stack } from '../../../components/mantine/Stack'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { instanceApi } from '../../../api/instances'
import { resumeAfterSignIn } from '../../../api/resume-after-sign-in'
import type { Image, Instance } from '../../../api/schemas/regional'
import { PermittedAction } from '../../../components/PermittedAction'
import { useAccess } from '../../../lib/permissions'
import { resources } from '../../../lib/resources'
import { consoleDisabledReason, refusedConsoleAddress, snapshotDisabledReason } from '../access'
import { ErrorAlert } from '../../../components/ErrorAlert'
import { ActionError } from './ActionError'
import { SnapshotDialog } from './SnapshotDialog'
import { SshKeyDialog } from './SshKeyDialog'

/**
 * What a user does with a machine once it exists: log in (its SSH key), look at its console, keep its disk as an
 * image. Each takes what changing the instance takes; one the caller or the state does not allow stays in place,
 * disabled, with the reason.
 */
export function InstanceAccessActions({ instance, image }: { instance: Instance; image: Image | undefined }) {
  const access = useAccess()
  const [dialog, setDialog] = useState<'sshKey' | 'snapshot'>()
  const denied = access.reason(resources.instances, 'update')
  return (
    <Group gap="xs">
      <PermittedAction
        variant="default"
        disabledReason={denied}
        onClick={() => setDialog('sshKey')}
        aria-haspopup="dialog"
      >
        Get SSH key
      </PermittedAction>
      <OpenConsoleButton instance={instance} disabledReason={denied ?? consoleDisabledReason(instance)} />
      <PermittedAction
        variant="default"
        disabledReason={denied ?? snapshotDisabledReason(instance)}
        onClick={() => setDialog('snapshot')}
        aria-haspopup="dialog"
      >
        Snapshot
      </PermittedAction>
      <SshKeyDialog
        instance={instance}
        image={image}
        opened={dialog === 'sshKey'}
        onClose={() => setDialog(undefined)}
      />
      <SnapshotDialog instance={instance} opened={dialog === 'snapshot'} onClose={() => setDialog(undefined)} />
    </Group>
  )
}

/**
 * Asks the platform for a console session and opens its page in a new tab, cut off from this one (noopener): the
 * console's own CSP frames nothing, and the session page is the compute host's. A refusal, the platform's or the
 * console's own (an address it will not open), shows at the button.
 */
function OpenConsoleButton({ instance, disabledReason }: { instance: Instance; disabledReason: string | undefined }) {
  const session = useMutation(
    resumeAfterSignIn({
      mutationFn: (vars: { instanceID: string }) => instanceApi.consoleSession.call(vars),
      gcTime: 0,
    }),
  )
  const [refused, setRefused] = useState<string>()
  const dismiss = () => {
    setRefused(undefined)
    session.reset()
  }
  const open = () => {
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
  }
  if (disabledReason)
    return (
      <PermittedAction variant="default" disabledReason={disabledReason}>
        Open console
      </PermittedAction>
    )
  return (
    <Popover
      opened={Boolean(session.error ?? refused)}
      onChange={(opened) => !opened && dismiss()}
      width={360}
      withArrow
    >
      <Popover.Target>
        <Button variant="default" loading={session.isPending} onClick={open}>
          Open console
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" align="flex-end">
          <CloseButton aria-label="Dismiss" onClick={dismiss} size="sm" />
          {session.error && <ActionError error={session.error} refused="The platform refused to open a console" />}
          {refused && <ErrorAlert title="The console was not opened" message={refused} />}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}
