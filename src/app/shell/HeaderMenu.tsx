import { Menu } from '@mantine/core'
import { cloneElement, useDeferredValue, useState, type ReactElement, type ReactNode } from 'react'

/**
 * A header menu whose button shows with the page and whose Mantine Menu mounts in a render of its own just after.
 * Mounting a Menu re-renders it once more, synchronously, inside the commit that mounts it (its popover keeps the
 * button it anchors to in state, set from a ref callback): in the first page's commit, that re-render was the menus'
 * share of the page's longest task on a phone. A click that comes before the menu has mounted mounts it open.
 */
export function HeaderMenu({
  target,
  children,
}: {
  target: ReactElement<{ onClick?: () => void }>
  children: ReactNode
}) {
  const [clickedEarly, setClickedEarly] = useState(false)
  const mounted = useDeferredValue(true, false) || clickedEarly
  if (!mounted) return cloneElement(target, { onClick: () => setClickedEarly(true) })
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={clickedEarly}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  )
}
