import { Badge } from './mantine/Badge'
import type { CSSProperties, ReactNode } from 'react'

const BORDER = 'calc(0.0625rem * var(--mantine-scale))'

/**
 * A badge for lists, where every row shows a few: the element, classes and CSS variables Mantine's Badge renders for a
 * light or outline badge of the theme's (radius sm, no text transform), without rendering a Badge for each, which
 * resolved its props, theme and styles again for every row to give the same answer.
 */
export function PlainBadge({
  variant,
  color,
  leftSection,
  title,
  weight,
  children,
}: {
  variant: 'light' | 'outline'
  color: string
  leftSection?: ReactNode
  title?: string
  weight?: number
  children: ReactNode
}) {
  const colors =
    variant === 'light'
      ? {
          '--badge-bg': `var(--mantine-color-${color}-light)`,
          '--badge-color': `var(--mantine-color-${color}-light-color)`,
          '--badge-bd': `${BORDER} solid transparent`,
        }
      : {
          '--badge-bg': 'transparent',
          '--badge-color': `var(--mantine-color-${color}-outline)`,
          '--badge-bd': `${BORDER} solid var(--mantine-color-${color}-outline)`,
        }
  const style = {
    '--badge-radius': 'var(--mantine-radius-sm)',
    ...colors,
    fontWeight: weight,
    textTransform: 'none',
  } as CSSProperties
  return (
    <div
      className={`${Badge.classes.root} mantine-Badge-root`}
      data-variant={variant}
      data-with-left-section={leftSection ? true : undefined}
      title={title}
      style={style}
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
