import { Text } from './mantine/Text'
import { Title } from './mantine/Title'
import type { ReactNode } from 'react'
import classes from './PageHeader.module.css'

export function PageHeader({
  title,
  description,
  actions,
  badge,
}: {
  title: ReactNode
  description?: ReactNode
  actions?: ReactNode
  badge?: ReactNode
}) {
  return (
    <div className={classes.header}>
      <div className={classes.heading}>
        <div className={classes.titleLine}>
          <h1 className={`${Title.classes.root} ${classes.title}`}>{title}</h1>
          {badge}
        </div>
        {description && <p className={`${Text.classes.root} ${classes.description}`}>{description}</p>}
      </div>
      {actions && <div className={classes.actions}>{actions}</div>}
    </div>
  )
}
