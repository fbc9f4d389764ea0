import { Button } from '../../../components/mantine/Button'
import { cloneElement, lazy, Suspense, useState } from 'react'
import type { Image, Instance } from '../../../api/schemas/regional'
import { LineIcon } from '../../../components/icons'
import { useAccess } from '../../../lib/permissions'
import { resources } from '../../../lib/resources'
import { accessReasons, ConsoleRefusal, useAccessDialogs, useConsoleSession } from './InstanceAccessActions'
import type { Carried } from './MoreActionsMenu'
import { PowerButton, usePowerActions } from './PowerActions'
import classes from './PhoneInstanceActions.module.css'

const MoreActionsMenu = lazy(() => import('./MoreActionsMenu').then((m) => ({ default: m.MoreActionsMenu })))

/**
 * An instance's actions on a phone: as buttons, its six took three rows above the page. The power action its state
 * calls for (Start when stopped, Stop otherwise) stays a button; the rest are a menu's items under More, each named
 * as its button is, a refused one with its reason written under it, where a phone has no hover to show a tooltip.
 * The dialogs the items open live outside the menu, which leaves the page as it closes.
 */
export function PhoneInstanceActions({ instance, image }: { instance: Instance; image: Image | undefined }) {
  const power = usePowerActions(instance)
  const reasons = accessReasons(useAccess().reason(resources.instances, 'update'), instance)
  const access = useAccessDialogs(instance, image)
  const session = useConsoleSession(instance)
  const start = power.items.find((item) => item.action === 'start')!
  const primary = start.reason ? power.items.find((item) => item.action === 'stop')! : start
  const [carried, setCarried] = useState<Carried>({ focused: false, clicked: false })
  const more = (
    <Button
      variant="default"
      aria-label="More actions"
      loading={session.pending}
      rightSection={
        <LineIcon>
          <path d="M6 9l6 6 6-6" />
        </LineIcon>
      }
    >
      More
    </Button>
  )
  return (
    // What refused a console session shows under the actions, where the user asked for it.
    <ConsoleRefusal
      session={session}
      width={340}
      position="bottom-start"
      // Around the actions, not one button: none of them opens it.
      withRoles={false}
      target={
        <div className={classes.actions}>
          <PowerButton item={primary} />
          {/* The same button stands in while the menu's chunk arrives; what reaches it carries over. */}
          <Suspense
            fallback={cloneElement(more, {
              onFocus: () => setCarried((now) => ({ ...now, focused: true })),
              onBlur: () => setCarried((now) => ({ ...now, focused: false })),
              onClick: () => setCarried({ focused: true, clicked: true }),
            })}
          >
            <MoreActionsMenu
              carried={carried}
              button={more}
              groups={[
                power.items
                  .filter((item) => item !== primary)
                  .map((item) => ({ label: item.label, reason: item.reason, onChoose: item.choose })),
                [
                  { label: 'Open console', reason: reasons.console, onChoose: session.open },
                  { label: 'Get SSH key', reason: reasons.sshKey, onChoose: () => access.open('sshKey') },
                  { label: 'Snapshot', reason: reasons.snapshot, onChoose: () => access.open('snapshot') },
                ],
              ]}
            />
          </Suspense>
          {power.dialog}
          {access.dialogs}
        </div>
      }
    />
  )
}
