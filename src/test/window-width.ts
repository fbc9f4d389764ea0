import { afterAll, beforeAll } from 'vitest'

/** The width every test file's window starts at (Happy DOM's default viewport). */
export const DEFAULT_WINDOW_WIDTH = 1024

/**
 * Resizes the test window as a browser window is resized: its innerWidth, the media queries of its stylesheets (the
 * responsive classes Mantine injects), matchMedia and a resize event all follow.
 */
export function setWindowWidth(width: number) {
  ;(window as unknown as { happyDOM: { setViewport(viewport: { width: number }): void } }).happyDOM.setViewport({
    width,
  })
}

/** A window `width` px wide for the tests of the enclosing describe (or file), and the default width after them. */
export function inWindowOfWidth(width: number) {
  beforeAll(() => setWindowWidth(width))
  afterAll(() => setWindowWidth(DEFAULT_WINDOW_WIDTH))
}
