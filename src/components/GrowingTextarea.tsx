import type { TextareaProps } from '@mantine/core'
import type { CSSProperties } from 'react'
import { Textarea } from './mantine/Textarea'
import classes from './GrowingTextarea.module.css'

export type GrowingTextareaProps = Omit<
  TextareaProps,
  'autosize' | 'minRows' | 'maxRows' | 'rows' | 'classNames' | 'style'
> & {
  minRows?: number
  maxRows?: number
}

/** A text area as tall as its text, from minRows to maxRows lines, then scrolling. */
export function GrowingTextarea({ minRows = 2, maxRows = 10, ...props }: GrowingTextareaProps) {
  const rows = { '--min-rows': minRows, '--max-rows': maxRows } as CSSProperties
  return <Textarea {...props} rows={minRows} classNames={{ input: classes.input }} style={rows} />
}
