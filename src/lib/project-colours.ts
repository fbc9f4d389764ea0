import { useSyncExternalStore } from 'react'

/**
 * The colours a user may give a project, so that an admin working in several sees at a glance which one the console
 * is in (the header's edge, the project picker's mark). Each is drawn in shade 8 on the light header and shade 4 on
 * the dark one: at least 3:1 against either, as a graphic that carries meaning must be (WCAG 1.4.11).
 */
export const PROJECT_COLOURS = ['blue', 'teal', 'green', 'violet', 'grape', 'pink', 'red', 'orange'] as const
export type ProjectColour = (typeof PROJECT_COLOURS)[number]

/** The colour's CSS variables, light and dark, which the shell's rules choose between by the colour scheme. */
export const colourVariables = (colour: ProjectColour) =>
  ({
    '--project-colour-light': `var(--mantine-color-${colour}-8)`,
    '--project-colour-dark': `var(--mantine-color-${colour}-4)`,
  }) as React.CSSProperties

// Beside the scope in this browser's storage: a colour is the user's own, not the platform's.
const KEY = 'cloud-console.project-colours'

type Colours = Readonly<Record<string, ProjectColour>>

let current: Colours = read()
const listeners = new Set<() => void>()

function read(): Colours {
  try {
    const stored: unknown = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? '{}')
    if (!stored || typeof stored !== 'object') return {}
    return Object.fromEntries(
      Object.entries(stored).filter((entry): entry is [string, ProjectColour] =>
        PROJECT_COLOURS.includes(entry[1] as ProjectColour),
      ),
    )
  } catch {
    return {}
  }
}

/** Gives the project a colour, or takes its colour away. */
export function setProjectColour(projectId: string, colour: ProjectColour | undefined): void {
  const { [projectId]: _dropped, ...others } = current
  current = colour ? { ...others, [projectId]: colour } : others
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(current))
  } catch {
    // Storage full or refused: the colour holds for this tab.
  }
  listeners.forEach((listener) => listener())
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  // Another tab's choice shows here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== KEY) return
    current = read()
    listener()
  }
  globalThis.addEventListener?.('storage', onStorage)
  return () => {
    listeners.delete(listener)
    globalThis.removeEventListener?.('storage', onStorage)
  }
}

/** The project's colour, if the user gave it one. */
export function useProjectColour(projectId: string | undefined): ProjectColour | undefined {
  const colours = useSyncExternalStore(subscribe, () => current)
  return projectId ? colours[projectId] : undefined
}
