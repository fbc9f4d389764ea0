import { useEffect, useReducer, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react'

/**
 * What every Mantine select of the console adds to its props, for the keyboard and screen readers:
 * - Enter never submits the form around it: it picks the option shown highlighted, or in a searchable select the first
 *   that matches what was typed. Mantine let an Enter with no option highlighted through, and the browser submitted
 *   the form; its own highlight of the first match (selectFirstOptionOnChange) runs before a list opened by typing has
 *   mounted its options, so typing into a closed select highlighted nothing.
 * - `aria-expanded` reads true while the list is open, and `aria-controls` names it. Mantine takes both from the list's
 *   id, which it learns once the list has mounted (the theme mounts a list only while open) without rendering the
 *   select again: the first opening read "collapsed". The select renders once more after its list's effects have run.
 * - Once the select has had focus, its closed list stays in the page (the theme mounts lists only while open): Mantine
 *   highlights the chosen or first option as ArrowDown opens the list, and can only if the list is there, so the first
 *   ArrowDown highlights an option and Enter picks it, as the ARIA listbox pattern has it. Not before the first focus:
 *   a mounted list is positioned (floating-ui reads the page's computed styles), which on a form's first screen was a
 *   large share of its script time in a CPU profile, for lists most visits never open.
 * - Focus alone opens no list, searchable or not: a press, an arrow or a typed character does. A searchable one opened
 *   on focus (Mantine's default) and showed its first option highlighted, so a keyboard user's first ArrowDown went on
 *   to the second, where every other select's first ArrowDown shows the first.
 * - While the list is open, an option is always shown highlighted and named by the input's `aria-activedescendant`:
 *   the one Enter picks. Mantine highlights one only on the arrow keys, so a list opened by a press, or whose options
 *   arrived while it was open, showed none and announced none, though Enter picked the first. The arrows then move
 *   from the option shown, which Mantine's own count of them no longer knew.
 */
export function useSelectA11y() {
  const [opened, setOpened] = useState(false)
  const [, render] = useReducer((n: number) => n + 1, 0)
  // Focus comes before any key: the list is in the page by the time ArrowDown arrives.
  const [focused, focus] = useReducer(() => true, false)
  const input = useRef<HTMLInputElement | null>(null)
  // A frame after the list opened, its id is the one it keeps: Mantine's useId gives it one id as it mounts and another
  // in an effect just after, which it tells the select in an effect again; rendered earlier, the select's
  // aria-controls named the first, and nothing in the page had that id.
  useEffect(() => {
    if (!opened) return
    const frame = requestAnimationFrame(render)
    return () => cancelAnimationFrame(frame)
  }, [opened])
  useEffect(() => {
    const target = input.current
    if (!opened || !target) return
    let watched: HTMLElement | null = null
    const observer = new MutationObserver(() => highlight(target))
    // The list's id settles a frame after it opens (above): until then, and whenever options come or go, look again.
    const frame = requestAnimationFrame(function watch() {
      const list = listOf(target)
      if (list && list !== watched) {
        observer.disconnect()
        observer.observe(list, { childList: true, subtree: true, attributeFilter: [HIGHLIGHTED] })
        watched = list
      }
      highlight(target)
    })
    highlight(target)
    return () => {
      cancelAnimationFrame(frame)
      observer.disconnect()
      target.removeAttribute('aria-activedescendant')
    }
  }, [opened])
  return {
    openOnFocus: false,
    comboboxProps: focused ? LISTBOX : undefined,
    onFocus: (event: FocusEvent<HTMLInputElement>) => {
      input.current = event.currentTarget
      focus()
    },
    onDropdownOpen: () => setOpened(true),
    onDropdownClose: () => setOpened(false),
    // Before Mantine's own handler, which it then never reaches: Mantine clicks the option at the place it
    // highlighted, and options that arrived since (another region's flavors) had moved a different one there. A list
    // only opens where the select may be changed, so a highlighted option is always one to pick.
    onKeyDownCapture: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.nativeEvent.isComposing) return
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        const list = opened ? listOf(event.currentTarget) : null
        if (!list) return
        event.preventDefault()
        event.stopPropagation()
        move(event.currentTarget, list, event.key === 'ArrowDown' ? 1 : -1)
        return
      }
      if (event.key !== 'Enter') return
      const highlighted = listOf(event.currentTarget)?.querySelector<HTMLElement>('[data-combobox-selected]')
      if (!highlighted) return
      event.preventDefault()
      event.stopPropagation()
      highlighted.click()
    },
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key !== 'Enter') return
      event.preventDefault()
      const input = event.currentTarget
      // A highlighted option was picked above (onKeyDownCapture), and this handler not reached.
      const list = listOf(input)
      if (!list || input.readOnly) return
      list.querySelector<HTMLElement>('[data-combobox-option]:not([data-combobox-disabled])')?.click()
    },
  }
}

/**
 * The list the select names; in the frame before it learns the list's final id (above), the one list open in the
 * page: the theme mounts a list only while it is open.
 */
function listOf(input: HTMLInputElement): HTMLElement | null {
  const open = document.querySelectorAll<HTMLElement>('[role="listbox"]')
  return document.getElementById(input.getAttribute('aria-controls') ?? '') ?? (open.length === 1 ? open[0]! : null)
}

const OPTION = '[data-combobox-option]:not([data-combobox-disabled])'
const HIGHLIGHTED = 'data-combobox-selected'

/** Shows an option highlighted where none is (the chosen one, else the first) and names it as the active one. */
function highlight(input: HTMLInputElement) {
  const list = listOf(input)
  if (!list) return
  const shown =
    list.querySelector<HTMLElement>(`[${HIGHLIGHTED}]`) ??
    list.querySelector<HTMLElement>(`${OPTION}[data-combobox-active]`) ??
    list.querySelector<HTMLElement>(OPTION)
  if (!shown) return input.removeAttribute('aria-activedescendant')
  if (!shown.hasAttribute(HIGHLIGHTED)) shown.setAttribute(HIGHLIGHTED, 'true')
  if (input.getAttribute('aria-activedescendant') !== shown.id) input.setAttribute('aria-activedescendant', shown.id)
}

/** The next or previous option from the one shown highlighted, round the list as Mantine goes. */
function move(input: HTMLInputElement, list: HTMLElement, step: 1 | -1) {
  const options = [...list.querySelectorAll<HTMLElement>(OPTION)]
  if (!options.length) return
  const from = options.findIndex((option) => option.hasAttribute(HIGHLIGHTED))
  const to = options[(from + step + options.length) % options.length]!
  list.querySelector(`[${HIGHLIGHTED}]`)?.removeAttribute(HIGHLIGHTED)
  to.setAttribute(HIGHLIGHTED, 'true')
  to.scrollIntoView({ block: 'nearest' })
  input.setAttribute('aria-activedescendant', to.id)
}

const LISTBOX = { keepMounted: true } as const
