import { Badge } from './mantine/Badge'
import type { ReactNode } from 'react'
import classes from './PlainBadge.module.css'

/** The colours a plain badge comes in (PlainBadge.module.css), each the theme colour of that name. */
export type BadgeColor = 'green' | 'iris' | 'amber' | 'red' | 'gray'

/**
 * A badge for lists, where every row shows a few: the element, classes and CSS variables Mantine's Badge renders for a
 * light or outline badge of the theme's (radius sm, no text transform), without rendering a Badge for each, which
 * resolved its props, theme and styles again for every row to give the same answer. Its filled shade is
 * `--plain-badge-filled`, for a section drawn in it (a status dot).
 */
export function PlainBadge({
  variant,
  color,
  leftSection,
  title,
  medium = false,
  children,
}: {
  variant: 'light' | 'outline'
  color: BadgeColor
  leftSection?: ReactNode
  title?: string
  /** Medium weight rather than the badge's bold (a tag). */
  medium?: boolean
  children: ReactNode
}) {
  return (
    <div
      className={`${Badge.classes.root} mantine-Badge-root ${classes.badge}`}
      data-variant={variant}
      data-color={color}
      data-weight={medium ? 'medium' : undefined}
      data-with-left-section={leftSection ? true : undefined}
      title={title}
    >
      {leftSection && (
        <span className={`${Badge.classes.section} mantine-Badge-section`} data-position="left">
          {leftSection}
        </span>
      )}
      <span className={`${Badge.classes.label} mantine-Badge-label`}>{children}</span>
    </div>
  )
}
