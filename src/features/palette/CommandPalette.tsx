// Core's stylesheets of what the spotlight renders (scripts/mantine-sheets.ts), then its own.
import '@mantine/core/styles/Text.layer.css'
import '@mantine/core/styles/Mark.layer.css'
import '@mantine/core/styles/UnstyledButton.layer.css'
import '@mantine/core/styles/ScrollArea.layer.css'
import '@mantine/core/styles/Modal.layer.css'
import '@mantine/core/styles/ModalBase.layer.css'
import '@mantine/core/styles/CloseButton.layer.css'
import '@mantine/core/styles/Paper.layer.css'
import '@mantine/core/styles/VisuallyHidden.layer.css'
import '@mantine/core/styles/Overlay.layer.css'
import '@mantine/core/styles/Loader.layer.css'
import '@mantine/core/styles/Input.layer.css'
import '@mantine/spotlight/styles.css'
import { Text } from '../../components/mantine/Text'
import { Spotlight, useSpotlight } from '@mantine/spotlight'
import { useQueries } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { useAccess } from '../../lib/permissions'
import { useStoredScope } from '../../lib/scope'
import { completionsOf, knownValues, type Completion } from '../../lib/typed-filters'
import { useScopeNames } from '../../lib/use-scope-names'
import { VisuallyHidden } from '../../components/mantine/VisuallyHidden'
import { loadListSources, type ListSource } from './list-sources'
import { filterEntries, pageEntries, resourceEntries, type PaletteEntry, type PalettePage } from './palette-entries'
import { paletteStore } from './palette-store'
import { useCatalogEntries } from './use-catalog-entries'
import { KindIcon } from '../../components/KindIcon'
import type { IconModule } from '../../lib/resources'

/** Results shown at once: enough to pick from, few enough to render on every keystroke. */
const LIMIT = 40

// Started as this chunk evaluates (the launcher loads it on hover, focus or the first mod+K): the list modules load
// beside the palette's first open instead of holding it back, and their results join the pages' entries on arrival.
const listSources = loadListSources()

function useListSources(): ListSource[] {
  const [loaded, setLoaded] = useState<{ sources: ListSource[] } | { error: unknown }>({ sources: [] })
  useEffect(() => {
    let live = true
    listSources.then(
      (sources) => live && setLoaded({ sources }),
      (error: unknown) => live && setLoaded({ error }),
    )
    return () => {
      live = false
    }
  }, [])
  // A list module that cannot be loaded goes to the route's error boundary, as a failed render would.
  if ('error' in loaded) throw loaded.error
  return loaded.sources
}

/** The organization's resources, read only while the palette is open (the list pages share these cache entries). */
function useResources(organizationID: string, opened: boolean): PaletteEntry[] {
  const sources = useListSources()
  // Typed filters match projects and regions by name too.
  const names = useScopeNames(opened ? organizationID : '')
  const enabled = opened && Boolean(organizationID)
  // Lists the caller's roles do not include are not asked for: the platform would refuse them.
  const access = useAccess()
  return useQueries({
    queries: sources.map(({ resource, query }) => ({
      ...query(organizationID),
      enabled: enabled && access.may(resource, 'read'),
    })),
    combine: (answers) =>
      answers.flatMap((answer, i) => resourceEntries(sources[i]!.resource, answer.data ?? [], names)),
  })
}

interface Shown {
  id: string
  label: string
  description?: string
  icon?: IconModule
  /** Taking it: a page to open, or a completion that becomes the query. */
  take: () => void
}

/** The entries in their groups, in the order they are drawn: the completions of a typed filter first. */
function toGroups(
  completions: Completion[],
  entries: PaletteEntry[],
  go: (to: string) => void,
  complete: (text: string) => void,
) {
  const groups = new Map<string, Shown[]>()
  if (completions.length)
    groups.set(
      'Filters',
      completions.map((c) => ({ id: `filter:${c.label}`, label: c.label, take: () => complete(c.text) })),
    )
  for (const entry of entries) {
    const group = groups.get(entry.group) ?? []
    group.push({
      id: entry.id,
      label: entry.label,
      description: entry.description,
      icon: entry.icon,
      take: () => go(entry.to),
    })
    groups.set(entry.group, group)
  }
  return [...groups]
}

/**
 * Sets the search field's text as typing would: the spotlight then highlights its first result again, as it does
 * for every keystroke (it listens to the field's input, and offers no other way in).
 */
function typeInto(input: HTMLInputElement | null, text: string) {
  if (!input) return
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text)
  input.dispatchEvent(new Event('input', { bubbles: true }))
  input.focus()
}

// What Spotlight hands its list's scroll area; the list's own props type leaves the scroll area's out.
const SCROLL_FOCUSABLE = { viewportProps: { tabIndex: 0 } } as Record<string, unknown>

/**
 * The command palette (mod+K, or the header's search button, through PaletteLauncher): jump to any page, to any
 * resource of the organization by name, id or address, to any model, flavor or image of the catalogs, or to any
 * create form.
 */
export function CommandPalette({ pages }: { pages: PalettePage[] }) {
  const navigate = useNavigate()
  const { organizationId } = useStoredScope()
  const { opened, selected } = useSpotlight(paletteStore)
  const [query, setQuery] = useState('')
  const found = useResources(organizationId ?? '', opened)
  const catalog = useCatalogEntries(organizationId ?? '', opened)
  const access = useAccess()
  const entries = [...pageEntries(pages, access.may), ...found, ...catalog]
  const search = useRef<HTMLInputElement>(null)
  const known = useMemo(() => knownValues(found.flatMap((entry) => entry.facets ?? [])), [found])
  const groups = toGroups(
    completionsOf(query, known),
    filterEntries(query, entries, LIMIT),
    (to) => void navigate(to),
    (text) => typeInto(search.current, text),
  )
  const shown = groups.flatMap(([, actions]) => actions)
  const highlighted = selected >= 0 ? shown[selected] : undefined
  const typed = query.trim() !== ''
  const first = shown[0]?.id
  useEffect(() => {
    // The spotlight highlights the first result as the query changes, among the results then drawn: typed before the
    // palette's lists answered, nothing was, and Enter would open nothing. The first result to arrive is highlighted,
    // by the one way in the spotlight offers, its field's ArrowDown (from nothing highlighted, to the first).
    if (opened && typed && first !== undefined && selected < 0)
      search.current?.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'ArrowDown', code: 'ArrowDown', bubbles: true }),
      )
  }, [opened, typed, first, selected])
  return (
    <Spotlight.Root
      query={query}
      onQueryChange={setQuery}
      store={paletteStore}
      // The launcher owns the shortcut, so that it works before this chunk has loaded.
      shortcut={null}
      scrollable
      maxHeight={420}
      // The dialog's accessible name; its header is hidden from sight, the search field says what it is for.
      title="Command palette"
      styles={{
        header: { position: 'absolute', width: 1, height: 1, padding: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)' },
      }}
    >
      <Spotlight.Search
        ref={search}
        placeholder="Jump to a page, a resource or a create form, or filter: status:error"
        aria-label="Search the console"
      />
      {shown.length > 0 ? (
        // The results scroll under the search field; the actions in them are reached with the arrow keys from there,
        // so the list itself takes focus for a keyboard user to scroll it (axe: scrollable-region-focusable).
        <Spotlight.ActionsList {...SCROLL_FOCUSABLE}>
          {groups.map(([group, actions]) => (
            <Spotlight.ActionsGroup key={group} label={group}>
              {actions.map((action) => (
                <Spotlight.Action
                  key={action.id}
                  label={action.label}
                  description={action.description}
                  leftSection={action.icon && <KindIcon icon={action.icon} />}
                  highlightQuery
                  onClick={action.take}
                  // A completion keeps the palette open, on its new query.
                  closeSpotlightOnTrigger={!action.id.startsWith('filter:')}
                />
              ))}
            </Spotlight.ActionsGroup>
          ))}
        </Spotlight.ActionsList>
      ) : (
        <Spotlight.Empty>
          <Text size="sm">Nothing matches. Try a name, an id or an address.</Text>
        </Spotlight.Empty>
      )}
      {/* The result Enter opens, read out as the arrow keys (or the typing) move it: the actions are buttons the
          focus never enters, so nothing else tells a screen reader which one is highlighted. */}
      <VisuallyHidden role="status" aria-live="polite">
        {opened && highlighted
          ? `${highlighted.label}${highlighted.description ? `, ${highlighted.description}` : ''} (${selected + 1} of ${shown.length})`
          : ''}
      </VisuallyHidden>
    </Spotlight.Root>
  )
}
