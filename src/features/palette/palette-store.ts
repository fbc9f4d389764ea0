import { createSpotlight } from '@mantine/spotlight'

/**
 * The palette's open state, apart from the palette's component: the header's button and the shortcut open it as soon as
 * this module is in (PaletteLauncher), whether or not the palette has mounted, which then finds it open.
 */
export const [paletteStore, paletteActions] = createSpotlight()
