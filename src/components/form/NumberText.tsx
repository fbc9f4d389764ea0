import type { TextInputProps } from '@mantine/core'
import { TextInput } from '../mantine/TextInput'
import { useState } from 'react'
import { formatNumber } from '../../lib/format'
import { numberGrouping } from '../../lib/number-grouping'
import { readNumber } from '../../lib/number-reading'
import { writeDecimal } from '../../lib/number-writing'
import { useSteadyWhilePressed } from '../../lib/use-steady-while-pressed'

/**
 * A typed number, read as the reader's language writes numbers ("1.000" is a thousand in German). Empty is undefined;
 * text that is not a number is NaN, so a check refuses it rather than reading it as 0.
 */
export const parseNumber = (text: string): number | undefined => readNumber(text, numberGrouping())

/**
 * A value as first shown: grouped as the reader reads it ("10,000", "10.000" in German), every digit kept, which
 * parseNumber reads back.
 */
export function numberText(value: number | undefined): string {
  if (value === undefined || Number.isNaN(value)) return ''
  const grouping = numberGrouping()
  // Beyond 1e21 or below a millionth String writes an exponent, which Intl spells out.
  const written = grouping ? writeDecimal(grouping, String(value)) : undefined
  return written ?? value.toLocaleString(grouping?.locale ?? 'en', { maximumFractionDigits: 20 })
}

/**
 * Why a typed number is refused, for a whole number in [min, max]; undefined when it is taken. Empty is taken when
 * `optional` (the caller reads it as "none").
 */
export function wholeNumberProblem(
  value: number | undefined,
  { min, max, optional = false, noun = 'The value' }: { min: number; max: number; optional?: boolean; noun?: string },
): string | undefined {
  if (value === undefined) return optional ? undefined : `${noun} is required.`
  if (Number.isNaN(value)) return `${noun} must be a number, written in digits.`
  if (!Number.isInteger(value)) return `${noun} must be a whole number.`
  if (value < min) return `${noun} is at least ${formatNumber(min)}.`
  if (value > max) return `${noun} is at most ${formatNumber(max)}.`
  return undefined
}

type NumberTextProps = Omit<TextInputProps, 'value' | 'onChange' | 'error'> & {
  value: number | undefined
  /** Why the number typed is refused, or undefined when it is taken. */
  refuse: (value: number | undefined) => string | undefined
  /** Every change, refused or not: a caller may keep the last taken value, or hold the refused one to block a run. */
  onChange: (value: number | undefined, refused: boolean) => void
  /** A reason from outside (a run refused), shown when the field has none of its own. */
  error?: string | false
}

/**
 * A number typed as text, outside a form: what the user typed stays on screen and, once they leave the field, the
 * reason it is refused shows under it. A numeric input would rewrite it instead (`1e9` to 19, `-5` to 5, `10.5` to
 * 10, `0` to the minimum), and the page would use a number the user never typed.
 */
export function NumberText({ value, refuse, onChange, error, onBlur, ...props }: NumberTextProps) {
  const [text, setText] = useState(() => numberText(value))
  const [left, setLeft] = useState(false)
  // A value set from outside (a reset, a link) replaces the text, unless the text already says it.
  const [shownValue, setShownValue] = useState(value)
  if (value !== shownValue) {
    setShownValue(value)
    if (!refuse(parseNumber(text)) && parseNumber(text) !== value) setText(numberText(value))
  }
  const reason = refuse(parseNumber(text))
  const shownError = useSteadyWhilePressed((left && reason) || error || undefined)
  return (
    <TextInput
      {...props}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onChange={(event) => {
        const typed = event.currentTarget.value
        setText(typed)
        const parsed = parseNumber(typed)
        onChange(parsed, refuse(parsed) !== undefined)
      }}
      onBlur={(event) => {
        setLeft(true)
        onBlur?.(event)
      }}
      error={shownError}
    />
  )
}
