import type { CSSProperties } from 'react'
import classes from './Placeholder.module.css'

/** A placeholder of the given size while a figure loads (Mantine's Skeleton, drawn by a class). */
export function Placeholder({
  style,
  ...props
}: {
  style: CSSProperties
  'aria-label'?: string
  'aria-hidden'?: true
}) {
  return <div className={classes.placeholder} style={style} {...props} />
}
