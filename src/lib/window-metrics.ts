// The window's size and scroll as a virtualized table needs them, kept from the window's own events and read when
// this module loads (with the table's module, which sizes its first rows by it, before any list renders), never in a
// commit: the virtualizer's own window observer read the size in the layout effect that mounts a table, just after
// React wrote the page, which forced a layout of the whole page there that the next frame then did again; and its
// default read window.scrollY where it first needed an offset, in the same layout effect: a large part of the commit
// that opens a list of thousands.

export interface WindowSize {
  width: number
  height: number
}

let size: WindowSize = { width: window.innerWidth, height: window.innerHeight }
addEventListener('resize', () => (size = { width: window.innerWidth, height: window.innerHeight }), { passive: true })

let scrollY = window.scrollY
addEventListener('scroll', () => (scrollY = window.scrollY), { passive: true })

export const windowSize = (): WindowSize => size
export const windowScrollY = (): number => scrollY
