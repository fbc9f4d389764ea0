import { VisuallyHidden } from '../../components/mantine/VisuallyHidden'
import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import classes from './AppLayout.module.css'

export const MAIN_ID = 'main-content'

/** The main area's page heading, focusable from script only. */
function pageHeading(): HTMLElement | null {
  const heading = document.getElementById(MAIN_ID)?.querySelector<HTMLElement>('h1')
  if (heading) heading.tabIndex = -1
  return heading ?? null
}

/**
 * The first thing a Tab reaches: straight to the page's heading, past the header and the navigation (20 Tabs to a
 * list's create button without it).
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className={classes.skipLink}
      onClick={(event) => {
        // Focus, not a fragment navigation: the router would take the hash as a new location.
        event.preventDefault()
        const target = pageHeading() ?? document.getElementById(MAIN_ID)
        target?.focus()
      }}
    >
      Skip to content
    </a>
  )
}

/**
 * After a page change, focus moves to the new page's heading and a screen reader hears the page's name, as after a
 * document load (Oxide's console does the same). Focus stays where it is when it is still on something in the page
 * (a tab, a filter that changed the path); the link or button that was pressed has usually gone with the old page,
 * which left focus on <body> and the next Tab at the top of the document.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation()
  const [message, setMessage] = useState('')
  const first = useRef(true)
  useEffect(() => {
    // The first page is announced by the document's load.
    if (first.current) {
      first.current = false
      return
    }
    const main = document.getElementById(MAIN_ID)
    if (!main) return
    const arrive = () => {
      const heading = pageHeading()
      if (!heading) return false
      const active = document.activeElement
      const focusKept = active && active !== document.body && active.isConnected && main.contains(active)
      if (!focusKept) heading.focus({ preventScroll: true })
      setMessage(heading.textContent)
      return true
    }
    if (arrive()) return
    // The page's heading renders once its data is in (a detail page suspends on it).
    const observer = new MutationObserver(() => arrive() && observer.disconnect())
    observer.observe(main, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [pathname])
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic>
      {message}
    </VisuallyHidden>
  )
}
