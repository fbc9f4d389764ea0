import { Button } from '../../components/mantine/Button'
import { Kbd } from '../../components/mantine/Kbd'

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

/** Opens the command palette, for mouse users; the keyboard hint says how to do it without. */
export function PaletteButton({ onOpen, onIntent }: { onOpen: () => void; onIntent: () => void }) {
  const shortcut = isMac() ? '⌘ K' : 'Ctrl K'
  return (
    <Button
      variant="default"
      onClick={onOpen}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      aria-keyshortcuts={isMac() ? 'Meta+K' : 'Control+K'}
      // Below 1200 px the header also holds the scope pickers: the hint gives way rather than squeezing the brand.
      rightSection={
        <Kbd size="xs" visibleFrom="lg">
          {shortcut}
        </Kbd>
      }
      visibleFrom="sm"
      fw={400}
      c="dimmed"
    >
      Search…
    </Button>
  )
}
