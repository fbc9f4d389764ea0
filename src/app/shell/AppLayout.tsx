import { Burger } from '../../components/mantine/Burger'
import { Loader } from '../../components/mantine/Loader'
import { lazy, Suspense, useState } from 'react'
import { Link, Outlet, useNavigation } from 'react-router'
import { paths } from '../../lib/paths'
import { useFromBreakpoint } from '../../lib/use-breakpoint'
import { Breadcrumbs } from './Breadcrumbs'
import { ColorSchemeMenu } from './ColorSchemeMenu'
import { Logo } from './Logo'
import { Navigation } from './Navigation'
import { StillWaiting } from './StillWaiting'
import { NAV_SECTIONS } from './nav-items'
import { PaletteLauncher } from '../../features/palette/PaletteLauncher'
import { UserMenu } from './UserMenu'
import { MAIN_ID, RouteAnnouncer, SkipLink } from './RouteFocus'
import classes from './AppLayout.module.css'

// The switcher (three selects, shown from md up) is loaded beside the first page, not with the shell chunk that
// index.html preloads.
const ScopeSwitcher = lazy(() => import('./ScopeSwitcher').then((m) => ({ default: m.ScopeSwitcher })))
const PALETTE_PAGES = NAV_SECTIONS.flatMap((section) => section.items)

/**
 * The console's frame: a header, the navigation beside the page from sm up (a drawer under the burger below it), and
 * the page. Plain elements laid out by AppLayout.module.css: the layout is fixed, so it needs none of what Mantine's
 * AppShell computes at run time (its sections' sizes per breakpoint, resizing, an aside and a footer).
 */
export function AppLayout() {
  const [opened, setOpened] = useState(false)
  const navigation = useNavigation()
  // The scope pickers show from md up: below it, three selects, their popovers and their queries are not rendered.
  const scopeShown = useFromBreakpoint('md')
  // Below sm the navigation is a drawer the burger opens: rendered from its first opening, not with every page.
  const navbarBeside = useFromBreakpoint('sm')
  const [drawerOpenedOnce, setDrawerOpenedOnce] = useState(false)
  if (opened && !drawerOpenedOnce) setDrawerOpenedOnce(true)
  return (
    <div className={classes.shell}>
      <SkipLink />
      <header className={classes.header}>
        <div className={classes.headerStart}>
          <Burger
            hiddenFrom="sm"
            opened={opened}
            onClick={() => setOpened(!opened)}
            size="sm"
            aria-label="Toggle navigation"
            aria-expanded={opened}
          />
          {/* Named by its own words: below xs only the mark shows, and the mark is an image with no name. */}
          <Link to={paths.home()} className={classes.brand} aria-label="Cloud Console">
            <Logo />
            <h2 className={classes.brandName}>Cloud Console</h2>
          </Link>
        </div>
        <div className={classes.headerEnd}>
          <PaletteLauncher pages={PALETTE_PAGES} />
          {scopeShown && (
            <Suspense fallback={null}>
              <ScopeSwitcher />
            </Suspense>
          )}
          <ColorSchemeMenu />
          <UserMenu />
        </div>
        {navigation.state === 'loading' && (
          <div className={classes.progress} role="progressbar" aria-label="Loading page" />
        )}
      </header>
      <div className={classes.navbar} data-opened={opened || undefined}>
        {(navbarBeside || drawerOpenedOnce) && <Navigation onNavigate={() => setOpened(false)} />}
      </div>
      <main id={MAIN_ID} className={classes.main}>
        <RouteAnnouncer />
        <StillWaiting />
        <Breadcrumbs />
        <Suspense
          fallback={
            <div className={classes.pending}>
              <Loader aria-label="Loading" />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
    </div>
  )
}
