import { Box, NavLink as MantineNavLink, Stack, Text } from '@mantine/core'
import { NavLink, useLocation } from 'react-router'
import scroll from '../../components/ScrollBox.module.css'
import { useAccess } from '../../lib/permissions'
import { NAV_SECTIONS } from './nav-items'

export function Navigation({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation()
  const access = useAccess()
  // As the platform's own console does: what the caller may not see is not offered.
  const sections = NAV_SECTIONS.map((section) => ({
    ...section,
    items: section.items.filter((item) => !item.resource || access.may(item.resource, 'read')),
  })).filter((section) => section.items.length > 0)
  return (
    <Box component="nav" aria-label="Main" h="100%" px="sm" py="md" className={scroll.y}>
      <Stack gap="lg">
        {sections.map((section) => (
          <div key={section.label || 'home'}>
            {section.label && (
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mb={4}>
                {section.label}
              </Text>
            )}
            {section.items.map((item) => (
              <MantineNavLink
                key={item.to}
                component={NavLink}
                to={item.to}
                label={item.label}
                active={pathname === item.to || pathname.startsWith(`${item.to}/`)}
                onClick={onNavigate}
                variant="light"
                styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
              />
            ))}
          </div>
        ))}
      </Stack>
    </Box>
  )
}
