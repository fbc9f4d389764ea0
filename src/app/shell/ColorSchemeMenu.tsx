import { useMantineColorScheme } from '@mantine/core'
import { ActionIcon } from '../../components/mantine/ActionIcon'
import { lazy } from 'react'
import { OPTIONS, SchemeIcon } from './color-schemes'
import { HeaderMenu } from './HeaderMenu'

const loadItems = () => import('./ColorSchemeMenuItems')
const ColorSchemeMenuItems = lazy(() => loadItems().then((m) => ({ default: m.ColorSchemeMenuItems })))

export function ColorSchemeMenu() {
  const { colorScheme } = useMantineColorScheme()
  const current = OPTIONS.find((o) => o.value === colorScheme) ?? OPTIONS[2]!
  return (
    <HeaderMenu
      target={
        <ActionIcon variant="default" size="lg" aria-label={`Colour scheme: ${current.label}`}>
          <SchemeIcon scheme={colorScheme} />
        </ActionIcon>
      }
      preload={loadItems}
      popup={(menu) => <ColorSchemeMenuItems {...menu} />}
    />
  )
}
