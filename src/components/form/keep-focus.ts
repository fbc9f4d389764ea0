import type { MouseEvent } from 'react'

/**
 * For buttons pressed while an input is being edited (a row editor's add, remove and presets; a form's submit and
 * cancel): pressing one leaves the focused input where it is until
 * the click is done. Otherwise the press blurs the input, its error appears under it and pushes the button down
 * (19 px), and the release lands beside the button: the click is lost. The input then loses focus as the click moves
 * it (to the new row), and its error shows as before. Keyboard use is unchanged.
 */
export const keepFocus = { onMouseDown: (event: MouseEvent) => event.preventDefault() }
