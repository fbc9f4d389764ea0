import { Text } from './mantine/Text'
import { Title } from './mantine/Title'
import type { ReactNode } from 'react'
import type { IconModule } from '../lib/resources'
import { KindIcon } from './KindIcon'
import classes from './PageHeader.module.css'

export function PageHeader({
  title,
  description,
  actions,
  badge,
  icon,
}: {
  title: ReactNode
  /** The kind's or the page's icon (its row's, `lib/page-icons.ts`), in a tile before the title. */
  icon?: IconModule
  description?: ReactNode
  actions?: ReactNode
  badge?: ReactNode
}) {
  return (
    <div className={classes.header}>
      <div className={classes.heading}>
        <div className={classes.titleLine}>
          <div className={classes.named}>
            {icon && (
              <span className={classes.tile}>
                <KindIcon icon={icon} size={20} />
              </span>
            )}
            <h1 className={`${Title.classes.root} ${classes.title}`}>{title}</h1>
          </div>
          {badge}
        </div>
        {description && <p className={`${Text.classes.root} ${classes.description}`}>{description}</p>}
      </div>
      {actions && <div className={classes.actions}>{actions}</div>}
    </div>
  )
}
