import { useHotkeys } from '@mantine/hooks'
import { lazy, Suspense, useState } from 'react'
import { PaletteButton } from './PaletteButton'
import type { PalettePage } from './palette-entries'

const loadPalette = () => import('./CommandPalette')
// The palette's open state (Mantine's spotlight store) loads with the palette, not with the shell chunk every page
// preloads: opening asks for it, and opens the palette as soon as it is in.
const openPalette = () => void import('./palette-store').then(({ paletteActions }) => paletteActions.open())
const CommandPalette = lazy(() => loadPalette().then((m) => ({ default: m.CommandPalette })))

/**
 * The header's search button and the mod+K shortcut. The palette (a modal, its list and the API modules it searches)
 * mounts on first use, not with every page: mounted closed, it cost every page load rendering time on a phone-class
 * CPU, for nothing the user sees. Hovering or focusing the button starts loading its code.
 */
export function PaletteLauncher({ pages }: { pages: PalettePage[] }) {
  const [wanted, setWanted] = useState(false)
  const open = () => {
    setWanted(true)
    openPalette()
  }
  // From anywhere, a text field included (Mantine ignores a hotkey typed in one unless told no tag is ignored): no field
  // takes mod+K for anything of its own, and a user searching a list reaches for the palette from its search box.
  useHotkeys([['mod+K', open]], [])
  return (
    <>
      <PaletteButton onOpen={open} onIntent={() => void loadPalette()} />
      {wanted && (
        <Suspense fallback={null}>
          <CommandPalette pages={pages} />
        </Suspense>
      )}
    </>
  )
}
