import { NavLink } from 'react-router'
import { KindIcon } from '../../components/KindIcon'
import scroll from '../../components/ScrollBox.module.css'
import { useAccess } from '../../lib/permissions'
import { NAV_SECTIONS } from './nav-items'
import classes from './Navigation.module.css'

/** The links to every page, in plain links styled as Mantine's light NavLink (Navigation.module.css). */
export function Navigation({ onNavigate }: { onNavigate: () => void }) {
  const access = useAccess()
  // As the platform's own console does: what the caller may not see is not offered.
  const sections = NAV_SECTIONS.map((section) => ({
    ...section,
    items: section.items.filter((item) => !item.resource || access.may(item.resource, 'read')),
  })).filter((section) => section.items.length > 0)
  return (
    <nav aria-label="Main" className={`${classes.nav} ${scroll.y}`}>
      {sections.map((section) => (
        <div key={section.label || 'home'}>
          {section.label && <div className={classes.section}>{section.label}</div>}
          {/* The router marks the link of the page shown, and of the pages under it, aria-current="page". */}
          {section.items.map((item) => (
            <NavLink key={item.to} to={item.to} className={classes.link} onClick={onNavigate}>
              <KindIcon icon={item.icon} className={classes.icon} />
              <span className={classes.label}>{item.label}</span>
            </NavLink>
          ))}
        </div>
      ))}
    </nav>
  )
}
