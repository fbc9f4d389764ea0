import type { MouseEvent } from 'react'

/**
 * For the buttons of a row editor (add, remove, presets): pressing one leaves the focused row input where it is until
 * the click is done. Otherwise the press blurs the input, its error appears under it and pushes the button down
 * (19 px), and the release lands beside the button: the click is lost. The input then loses focus as the click moves
 * it (to the new row), and its error shows as before. Keyboard use is unchanged.
 */
export const keepFocus = { onMouseDown: (event: MouseEvent) => event.preventDefault() }
