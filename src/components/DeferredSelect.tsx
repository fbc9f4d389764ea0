import type { SelectProps } from '@mantine/core'
import { useMergedRef } from '@mantine/hooks'
import { forwardRef, useEffect, useRef, useState } from 'react'
import { ComboboxChevron } from './mantine/ComboboxChevron'
import { InputBase } from './mantine/InputBase'
import { Select } from './mantine/Select'

/**
 * A Mantine Select drawn as its closed input until it is first focused or pressed, and from then on the Select
 * itself: focused, and open when it was pressed. A closed Select was most of a form's first render: it mounts its
 * combobox, popover, portal and transition with it, then renders them all once more (Mantine's useId sets its id in
 * an effect), for lists most visits to a form never open. The closed input is Mantine's InputBase, the input the
 * Select draws, with the same label, chosen option's name, placeholder, chevron, description and error.
 * A press hands over on its click, not as the pointer goes down: the press's mousedown, aimed at the closed input,
 * would then land on no element, and the focus it moves would close the list that had just opened.
 */
export const DeferredSelect = forwardRef<HTMLInputElement, SelectProps>(function DeferredSelect(props, ref) {
  const [woken, setWoken] = useState<'focus' | 'open'>()
  // A focus that a press brings waits for the press's click.
  const pressing = useRef(false)
  const input = useRef<HTMLInputElement>(null)
  const inputRef = useMergedRef(ref, input)
  // Once, as the Select replaces the closed input: its input takes the focus the closed one had, and what follows its
  // list (useSelectA11y's aria-expanded) is told it opened, which a Select opened by default does not say.
  const handedOver = useRef(false)
  const { onDropdownOpen } = props
  useEffect(() => {
    if (!woken || handedOver.current) return
    handedOver.current = true
    input.current?.focus()
    if (woken === 'open') onDropdownOpen?.()
  }, [woken, onDropdownOpen])
  // A clearable select with a value shows its clear button: the Select draws it.
  // Focus alone does not open it, as it did not open the closed input: a failed submit focuses the first invalid field,
  // and a searchable Select's list, opened on that focus, covered the field's own error and the fields below.
  if (woken || (props.clearable && props.value))
    return <Select openOnFocus={false} {...props} ref={inputRef} defaultDropdownOpened={woken === 'open'} />
  const { label, description, error, withAsterisk, required, placeholder, size, disabled, leftSection } = props
  const inert = disabled || props.readOnly
  return (
    <InputBase
      ref={inputRef}
      id={props.id}
      name={props.name}
      label={label}
      description={description}
      error={error}
      withAsterisk={withAsterisk}
      required={required}
      placeholder={placeholder}
      size={size}
      disabled={disabled}
      leftSection={leftSection}
      w={props.w}
      maw={props.maw}
      className={props.className}
      style={props.style}
      aria-label={props['aria-label']}
      // Closed, it has no listbox for aria-controls to name (the Select names it once open); ARIA's practices and axe
      // ask for aria-controls only on an open combobox.
      // oxlint-disable-next-line jsx-a11y/role-has-required-aria-props
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete="off"
      readOnly={!props.searchable || props.readOnly}
      pointer={!props.searchable}
      value={optionLabel(props.data, props.value)}
      rightSection={<ComboboxChevron size={size} error={error} />}
      rightSectionPointerEvents="none"
      onPointerDown={() => (pressing.current = true)}
      onFocus={inert ? undefined : () => pressing.current || setWoken('focus')}
      onClick={inert ? undefined : () => setWoken('open')}
      // A press that ended off the input left it focused and closed: a key that opens a select opens it; Tab and the
      // like leave it, as from any field.
      onKeyDown={inert ? undefined : (event) => OPENING_KEY.test(event.key) && setWoken('open')}
      // Text that reaches it closed without a focus or a click (a middle-button paste) opens the Select; the Select
      // shows the chosen option's name in its search, as it does whenever it has a value.
      onChange={inert ? undefined : () => setWoken('open')}
      onBlur={() => (pressing.current = false)}
    />
  )
})

/** The keys that open a select: the arrows, Enter, Space, and a typed character. */
const OPENING_KEY = /^(ArrowDown|ArrowUp|Enter|.)$/u

type Entry = string | { value: string; label?: string } | { group: unknown; items: readonly Entry[] }

/**
 * The name a Select shows for its value, as Mantine reads its data: the option's label, else its value; nothing where
 * no option has that value.
 */
function optionLabel(data: readonly Entry[] | undefined, value: string | null | undefined): string {
  if (value === null || value === undefined) return ''
  for (const entry of data ?? []) {
    if (typeof entry === 'string') {
      if (entry === value) return entry
    } else if ('group' in entry) {
      const found = optionLabel(entry.items, value)
      if (found) return found
    } else if (entry.value === value) {
      return entry.label ?? entry.value
    }
  }
  return ''
}
