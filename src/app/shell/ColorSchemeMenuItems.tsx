import { useMantineColorScheme } from '@mantine/core'
import { Menu } from '../../components/mantine/Menu'
import { OPTIONS, SchemeIcon } from './color-schemes'
import { MenuPopup, type MenuPopupProps } from './MenuPopup'

/** The colour scheme menu's dropdown, loaded when first wanted (HeaderMenu). */
export function ColorSchemeMenuItems(menu: MenuPopupProps) {
  const { colorScheme, setColorScheme } = useMantineColorScheme()
  return (
    <MenuPopup {...menu}>
      <Menu.Label>Colour scheme</Menu.Label>
      {OPTIONS.map((option) => (
        <Menu.Item
          key={option.value}
          leftSection={<SchemeIcon scheme={option.value} />}
          onClick={() => setColorScheme(option.value)}
          aria-current={option.value === colorScheme ? 'true' : undefined}
          fw={option.value === colorScheme ? 700 : undefined}
        >
          {option.label}
        </Menu.Item>
      ))}
    </MenuPopup>
  )
}
