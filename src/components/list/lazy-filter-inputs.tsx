import type { StyleProp } from '@mantine/core'
import { ComboboxChevron } from '../mantine/ComboboxChevron'
import { ComboboxClearButton } from '../mantine/ComboboxClearButton'
import { Pill } from '../mantine/Pill'
import { PillsInput } from '../mantine/PillsInput'
import { useEffect, useState } from 'react'
import { afterFirstPaint } from '../../lib/after-first-paint'

type FilterInputs = typeof import('../FilterInputs')

/**
 * The list filters' Mantine inputs (MultiSelect and TagsInput, with the combobox and popover under them) are a chunk of
 * their own, out of the shell chunk index.html preloads, which they made heavier (bench/bundle.bench.ts weighs that
 * boot path). It is asked for once the list's first screen has painted (after-first-paint.ts says why), or at once when
 * a click reaches a filter before that: asked for as the shell ran, its dozen files queued beside the page's own and
 * were evaluated before its first paint, which they delayed (bench/list-trace.bench.ts times the first contentful
 * paint). A list opened later has it at once.
 */
let chunk: Promise<FilterInputs> | undefined
let loaded: FilterInputs | undefined
function loadFilterInputs(): Promise<FilterInputs> {
  // A failed download is asked for again by the next render that needs it (the error boundary's retry).
  chunk ??= import('../FilterInputs').then(
    (inputs) => (loaded = inputs),
    (error: unknown) => {
      chunk = undefined
      throw error
    },
  )
  return chunk
}

/**
 * The filter inputs' module, or undefined until it has arrived; asked for after the first paint, or by `now` (a click
 * on the stand-in) if that comes first.
 */
export function useFilterInputs(now: boolean): FilterInputs | undefined {
  const [inputs, setInputs] = useState(loaded)
  const [failure, setFailure] = useState<{ error: unknown }>()
  useEffect(() => {
    if (inputs) return
    let current = true
    const take = () =>
      loadFilterInputs().then(
        (module) => current && setInputs(module),
        (error: unknown) => current && setFailure({ error }),
      )
    if (now) take()
    else afterFirstPaint().then(take)
    return () => {
      current = false
    }
  }, [inputs, now])
  if (failure) throw failure.error
  return inputs
}

/**
 * A click that reached a filter before its input: the loaded input takes it as it mounts. Focused first: Mantine's own
 * click handler focuses the input through a ref it has not been given yet at this point.
 */
export function clickOnMount(input: HTMLInputElement | null) {
  input?.focus()
  input?.click()
}

/**
 * What Mantine's MultiSelect or TagsInput renders while closed, built of the same parts (PillsInput, Pill, the
 * chevron and clear button) with the same props, so the loaded input takes exactly its place: nothing in the page
 * moves when it arrives. It is hidden from assistive technology and out of the tab order: a stand-in no one can use,
 * which tests and screen readers wait past; a click on it is handed to the loaded input.
 */
export function PendingFilterInput({
  kind,
  label,
  pills,
  placeholder,
  searchable,
  w,
  onClick,
}: {
  kind: 'MultiSelect' | 'TagsInput'
  /** The loaded input's visible label, where it has one (the activity page's filters). */
  label?: React.ReactNode
  pills: string[]
  placeholder: string | undefined
  searchable: boolean
  w: StyleProp<React.CSSProperties['width']>
  onClick: () => void
}) {
  const multiSelect = kind === 'MultiSelect'
  // Both are clearable: the clear button takes the right section once something is picked.
  const clearable = pills.length > 0
  return (
    <PillsInput
      __staticSelector={kind}
      label={label}
      w={w}
      aria-hidden
      pointer={!searchable}
      __defaultRightSection={multiSelect ? <ComboboxChevron size="sm" /> : undefined}
      __clearSection={<ComboboxClearButton onClear={() => {}} />}
      __clearable={clearable}
      rightSectionPointerEvents={multiSelect ? 'none' : undefined}
      onClick={onClick}
    >
      {/* MultiSelect keeps its pills clear of its clear button (clearSectionOffset.sm). */}
      <Pill.Group style={multiSelect && clearable ? { paddingInlineEnd: 50 } : undefined}>
        {pills.map((label, index) => (
          <Pill key={index} withRemoveButton>
            {label}
          </Pill>
        ))}
        <PillsInput.Field
          placeholder={placeholder}
          type={multiSelect && !searchable && !placeholder ? 'hidden' : 'visible'}
          pointer={!searchable}
          readOnly
          tabIndex={-1}
        />
      </Pill.Group>
    </PillsInput>
  )
}
