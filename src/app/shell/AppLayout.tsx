import { AppShell, Burger, Group, Loader, Center, Title, Anchor } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { lazy, Suspense } from 'react'
import { Link, Outlet, useNavigation } from 'react-router'
import { paths } from '../../lib/paths'
import { Breadcrumbs } from './Breadcrumbs'
import { ColorSchemeMenu } from './ColorSchemeMenu'
import { Logo } from './Logo'
import { Navigation } from './Navigation'
import { NAV_SECTIONS } from './nav-items'
import { PaletteButton } from '../../features/palette/PaletteButton'
import { UserMenu } from './UserMenu'
import classes from './AppLayout.module.css'

// The switcher pulls in the identity and region API modules and their schemas: loaded beside the first page, not
// in the entry chunk that the sign-in page needs.
const ScopeSwitcher = lazy(() => import('./ScopeSwitcher').then((m) => ({ default: m.ScopeSwitcher })))
// The palette reads every resource list when opened: its own chunk, loaded after the shell.
const CommandPalette = lazy(() =>
  import('../../features/palette/CommandPalette').then((m) => ({ default: m.CommandPalette })),
)
const PALETTE_PAGES = NAV_SECTIONS.flatMap((section) => section.items)

export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure()
  const navigation = useNavigation()
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Anchor component={Link} to={paths.home()} underline="never" c="inherit" className={classes.brand}>
              <Group gap={8} wrap="nowrap">
                <Logo />
                <Title order={2} size="h4" visibleFrom="xs" style={{ whiteSpace: 'nowrap' }}>
                  Cloud Console
                </Title>
              </Group>
            </Anchor>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <PaletteButton />
            <Suspense fallback={null}>
              <ScopeSwitcher />
              <CommandPalette pages={PALETTE_PAGES} />
            </Suspense>
            <ColorSchemeMenu />
            <UserMenu />
          </Group>
        </Group>
        {navigation.state === 'loading' && (
          <div className={classes.progress} role="progressbar" aria-label="Loading page" />
        )}
      </AppShell.Header>
      <AppShell.Navbar>
        <Navigation onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
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
