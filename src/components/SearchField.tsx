import { useId, useState, type KeyboardEvent } from 'react'
import type { Completion } from '../lib/typed-filters'
import { useTypedText } from '../lib/use-typed-text'
import { CloseButton } from './mantine/CloseButton'
import { TextInput } from './mantine/TextInput'
import classes from './SearchField.module.css'

/**
 * A list's text search, kept by the caller (in the URL) and sent there on every change; the box owns its text while
 * the user types (`useTypedText`), so no key is lost to an address still catching up. Clearing is one click.
 *
 * With `complete`, the box is a combobox: the word being typed is completed to a filter (`status:`, then
 * `status:error`), offered below the box; ArrowDown highlights the first, Enter or Tab takes the highlighted one, Escape
 * closes them. The highlighted option is the box's active descendant, so a screen reader reads it.
 */
export function SearchField({
  value,
  onChange,
  placeholder,
  width = 300,
  label,
  name = 'Search',
  clearLabel = 'Clear search',
  complete,
}: {
  value: string
  onChange: (value: string) => void
  placeholder: string
  /** From the small breakpoint up; below it, the whole row. */
  width?: number
  /** A label shown above the box; without one, the box is named by `name`. */
  label?: string
  name?: string
  clearLabel?: string
  /** What the text typed so far may complete to. */
  complete?: (text: string) => Completion[]
}) {
  const [text, type] = useTypedText(value, onChange)
  // Offered while the box has focus and the user has typed since it last closed them.
  const [offered, setOffered] = useState(false)
  const [active, setActive] = useState(-1)
  const listId = useId()
  const options = complete && offered ? complete(text) : []
  const shown = options.length > 0
  const highlighted = shown && active >= 0 && active < options.length ? active : -1
  const change = (next: string) => {
    type(next)
    setOffered(true)
    setActive(-1)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!shown) {
      if (event.key === 'ArrowDown' && complete) {
        setOffered(true)
        event.preventDefault()
      }
      return
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      // The first ArrowDown highlights the first option, the first ArrowUp the last.
      setActive((now) =>
        now < 0 ? (step > 0 ? 0 : options.length - 1) : (now + step + options.length) % options.length,
      )
    } else if ((event.key === 'Enter' || event.key === 'Tab') && highlighted >= 0) {
      event.preventDefault()
      change(options[highlighted]!.text)
    } else if (event.key === 'Escape') {
      // Closes the options only: a dialog around the box stays open.
      event.stopPropagation()
      setOffered(false)
    }
  }
  const optionId = (index: number) => `${listId}-${index}`
  return (
    <div className={classes.box} style={{ '--search-width': `${width}px` } as React.CSSProperties}>
      <TextInput
        label={label}
        aria-label={label ? undefined : name}
        placeholder={placeholder}
        value={text}
        onChange={(event) => change(event.currentTarget.value)}
        onKeyDown={complete && onKeyDown}
        onBlur={() => setOffered(false)}
        rightSection={text ? <CloseButton aria-label={clearLabel} size="sm" onClick={() => type('')} /> : null}
        {...(complete && {
          role: 'combobox',
          'aria-autocomplete': 'list',
          'aria-expanded': shown,
          'aria-controls': shown ? listId : undefined,
          'aria-activedescendant': highlighted >= 0 ? optionId(highlighted) : undefined,
          autoComplete: 'off',
        })}
      />
      {shown && (
        <ul className={classes.options} id={listId} role="listbox" aria-label="Filters">
          {options.map((option, index) => (
            <li
              key={option.label}
              id={optionId(index)}
              role="option"
              aria-selected={index === highlighted}
              className={classes.option}
              // Taken on press, before the box loses focus and closes the list.
              onMouseDown={(event) => {
                event.preventDefault()
                change(option.text)
              }}
            >
              {option.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
