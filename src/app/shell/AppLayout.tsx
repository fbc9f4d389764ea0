import { AppShell, Burger, Group, Loader, Center, Title, Anchor } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
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

export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure()
  const navigation = useNavigation()
  // The scope pickers show from md up: below it, three selects, their popovers and their queries are not rendered.
  const scopeShown = useFromBreakpoint('md')
  // Below sm the navigation is a drawer the burger opens: rendered from its first opening, not with every page.
  const navbarBeside = useFromBreakpoint('sm')
  const [drawerOpenedOnce, setDrawerOpenedOnce] = useState(false)
  if (opened && !drawerOpenedOnce) setDrawerOpenedOnce(true)
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            {/* Named by its own words: below xs only the mark shows, and the mark is an image with no name. */}
            <Anchor
              component={Link}
              to={paths.home()}
              underline="never"
              c="inherit"
              className={classes.brand}
              aria-label="Cloud Console"
            >
              <Group gap={8} wrap="nowrap">
                <Logo />
                <Title order={2} size="h4" visibleFrom="xs" style={{ whiteSpace: 'nowrap' }}>
                  Cloud Console
                </Title>
              </Group>
            </Anchor>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <PaletteLauncher pages={PALETTE_PAGES} />
            {scopeShown && (
              <Suspense fallback={null}>
                <ScopeSwitcher />
              </Suspense>
            )}
            <ColorSchemeMenu />
            <UserMenu />
          </Group>
        </Group>
        {navigation.state === 'loading' && (
          <div className={classes.progress} role="progressbar" aria-label="Loading page" />
        )}
      </AppShell.Header>
      <AppShell.Navbar>{(navbarBeside || drawerOpenedOnce) && <Navigation onNavigate={close} />}</AppShell.Navbar>
      <AppShell.Main id={MAIN_ID} className={classes.main}>
        <RouteAnnouncer />
        <StillWaiting />
        <Breadcrumbs />
        <Suspense
          fallback={
            <Center py="xl">
              <Loader aria-label="Loading" />
            </Center>
          }
        >
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  )
}
