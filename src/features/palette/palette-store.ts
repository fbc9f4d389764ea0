import { createSpotlight } from '@mantine/spotlight'

/**
 * The palette's open state, apart from the palette itself: the header's button and the shortcut open it before its
 * chunk has loaded, and the palette, once mounted, finds it already open.
 */
export const [paletteStore, paletteActions] = createSpotlight()
