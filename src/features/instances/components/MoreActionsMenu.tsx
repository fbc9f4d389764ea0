import { Menu } from '../../../components/mantine/Menu'
import { cloneElement, Fragment, useEffect, useId, useRef, useState, type ReactElement, type Ref } from 'react'
import classes from './MoreActionsMenu.module.css'

export interface MenuAction {
  label: string
  /** Why it cannot run now; the item then stays, reachable, and does nothing. */
  reason: string | undefined
  onChoose: () => void
}

/** What reached the stand-in button before the menu's chunk arrived, carried over to the real one. */
export interface Carried {
  focused: boolean
  clicked: boolean
}

/**
 * The menu under an instance's More button on a phone: groups of actions with a line between them. It is a chunk of
 * its own (Mantine's Menu with it), which a wider window's instance page never loads.
 */
export function MoreActionsMenu({
  button,
  groups,
  carried,
}: {
  button: ReactElement<{ ref?: Ref<HTMLButtonElement> }>
  groups: MenuAction[][]
  carried: Carried
}) {
  const [opened, setOpened] = useState(false)
  const target = useRef<HTMLButtonElement>(null)
  const [carry] = useState(carried)
  // Focused first, then opened: the menu gives focus back on close to what had it as it opened.
  useEffect(() => {
    if (carry.focused || carry.clicked) target.current?.focus()
    if (carry.clicked) setOpened(true)
  }, [carry])
  return (
    <Menu
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={280}
      // In the page's main landmark, beside its button: in a portal at the end of the body it was outside every
      // landmark (axe's region rule). Nothing around the header's actions clips it.
      withinPortal={false}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>{cloneElement(button, { ref: target })}</Menu.Target>
      <Menu.Dropdown>
        {groups.map((group, index) => (
          <Fragment key={index}>
            {index > 0 && <Menu.Divider />}
            {group.map((action) => (
              <ActionItem key={action.label} {...action} />
            ))}
          </Fragment>
        ))}
      </Menu.Dropdown>
    </Menu>
  )
}

/**
 * A menu item named as its button is; refused, it stays focusable (as a disabled menu item should, so a screen
 * reader reaches its reason) and does nothing, the menu staying open on the reason.
 */
function ActionItem({ label, reason, onChoose }: MenuAction) {
  const reasonId = useId()
  return (
    <Menu.Item
      aria-label={label}
      aria-disabled={reason ? true : undefined}
      aria-describedby={reason ? reasonId : undefined}
      className={reason ? classes.refused : undefined}
      closeMenuOnClick={!reason}
      onClick={reason ? undefined : onChoose}
    >
      {label}
      {reason && (
        <span id={reasonId} className={classes.reason}>
          {reason}
        </span>
      )}
    </Menu.Item>
  )
}
