// The build's chunk groups (vite.config.ts): which modules go into which chunk, with why. Each group names its modules
// by path fragments, one module or folder each, so that `chunkRulesMatch` can fail the build when a fragment matches
// nothing: an upgrade of Mantine that moves a file then shows, where a regular expression over its private paths let
// the chunks change silently. `npx tsx bench/chunk-groups.bench.ts` builds once without each group and prints what
// the group saves on the first screens, so each one is seen to earn its place.
import type { Plugin } from 'vite'

/** A path fragment ('/' between folders, matched against the module's id), or an expression where one cannot say it. */
type ModuleName = string | RegExp

export interface ChunkGroup {
  name: string
  priority: number
  /** What the group takes; the modules' own imports stay where the bundler puts them unless it is the shell. */
  modules: ModuleName[]
  /** The shell also takes what its modules import; every other group takes only the modules it names. */
  withDependencies?: boolean
}

const prefixed = (prefix: string, names: string[], suffix: string) => names.map((name) => `${prefix}${name}${suffix}`)
/** Modules of the console's own, by their path under src/ without the extension ('components/list/' for a folder). */
const own = (...paths: string[]) => paths.map((path) => (path.endsWith('/') ? `/src/${path}` : `/src/${path}.`))
/** Mantine's components, by their folders in its published ES modules. */
const mantine = (...names: string[]) => prefixed('@mantine/core/esm/components/', names, '/')
/** Mantine's per-component stylesheets, which src/components/mantine/ imports with the components. */
const mantineStyles = (...names: string[]) => prefixed('@mantine/core/styles/', names, '.layer.css')
/** The console's wrappers of Mantine's components with their stylesheets (src/components/mantine/). */
const wrappers = (...names: string[]) => own(...names.map((name) => `components/mantine/${name}`))

/**
 * The list kit (the 'list' group): the list page, its filter bar and the stand-ins of its filter inputs, the virtual
 * table; the cells and what they filter and sort by, ids with their copy button, the icons, the search field, and
 * Mantine's inputs and pills those draw with; the route-module helper.
 */
const LIST_KIT: ModuleName[] = [
  ...own('components/list/', 'components/ListFilterBar', 'components/ListResults', 'components/DensityToggle'),
  ...own('components/NameCell', 'components/NoMatch', 'components/VirtualTable'),
  ...own('lib/list-page', 'lib/use-list-rows', 'lib/row-keys', 'lib/table-density', 'lib/window-metrics'),
  ...own('lib/use-typed-text', 'lib/typed-filters', 'components/ListFreshness'),
  ...own('components/SearchField', 'components/CodeCell', 'components/CopyableId', 'components/icons'),
  ...own('components/TagList', 'components/FittedChips', 'components/FullTextTip', 'components/GroupNames'),
  ...own('components/EmptyState', 'components/PermittedAction', 'lib/list-filters', 'lib/sort', 'lib/route-module'),
  '@mantine/hooks/esm/use-clipboard/',
  ...mantine('Input', 'InputBase', 'TextInput', 'CopyButton', 'Pill', 'PillsInput'),
  ...prefixed('@mantine/core/esm/components/Combobox/', ['get-parsed-combobox-data/', 'get-options-lockup/'], ''),
  ...prefixed('@mantine/core/esm/components/Combobox/', ['ComboboxChevron/', 'ComboboxClearButton/'], ''),
  '@mantine/core/esm/components/Combobox/Combobox.module.',
  ...wrappers('Input', 'TextInput', 'Pill', 'PillsInput', 'ComboboxChevron', 'ComboboxClearButton'),
]

// Fewer, larger chunks on the path every signed-in page takes. Left to itself the bundler cut that path into dozens of
// small shared chunks, and the entry appended a preload link for each, one by one, inside the task that opens the page.
// A page's HTML names its chunks (vite.config.ts, pagePreloads).
export const CHUNK_GROUPS: ChunkGroup[] = [
  // The shell, which index.html preloads: the layout, scope, API client and zod, and what the overview, the detail
  // pages and the lists all show (page header, status badge), with what they import.
  {
    name: 'shell',
    priority: 1,
    withDependencies: true,
    modules: [
      ...own('app/shell/AppLayout', 'lib/scope-loader', 'lib/use-scope-names', 'lib/use-slow-services'),
      ...own('api/endpoint', 'components/PageHeader', 'components/StatusBadge', 'components/PlainBadge'),
      ...own('components/cell-text'),
      ...wrappers('CloseButton', 'Paper'),
      '@mantine/core/esm/core/styles-api/use-resolved-styles-api/',
      ...mantine('Paper'),
      '@mantine/hooks/esm/use-merged-ref/',
    ],
  },
  // What a list page's first screen shows, most of which the detail pages and the forms show too. One chunk: on a
  // phone's network each request is a round trip that shares the bandwidth with the entry while it waits. The
  // overview's first screen uses none of it. Its styles are in the entry's stylesheet (stylesInEntrySheet).
  { name: 'list', priority: 0.7, modules: LIST_KIT },
  // The virtualizer, for a table of thousands (VirtualRows.tsx): loaded with the first, not with every list.
  {
    name: 'virtual-rows',
    priority: 0.6,
    modules: [...own('components/VirtualRows'), '@tanstack/react-virtual/', '@tanstack/virtual-core/'],
  },
  // Mantine's Table, and what its scroll container and every popover stand on: ScrollArea and floating-ui. The pages
  // with a Mantine table (the detail pages') and those with a popover share it; the lists' tables are plain tables.
  {
    name: 'floating',
    priority: 0.58,
    modules: [
      '@floating-ui/',
      ...mantine('ScrollArea', 'Table'),
      ...mantineStyles('ScrollArea', 'Table'),
      ...wrappers('ScrollArea', 'Table'),
    ],
  },
  // The live lists' and the overview's queries (useQueries, the polling of what is settling), the detail pages' and
  // forms' useSuspenseQuery and useMutation, how names are ordered and figures written, and the API modules of the
  // kinds the overview counts, which their lists, detail pages and forms read too.
  {
    name: 'queries',
    priority: 0.55,
    modules: [
      ...own('api/settling', 'api/read', 'api/networks', 'api/instances', 'api/fileStorage', 'api/securityGroups'),
      ...own('api/resource-table', 'api/schemas/regional', 'api/quotas'),
      ...own('lib/compare-text', 'lib/format', 'lib/number-writing', 'lib/ipv4'),
      ...prefixed('@tanstack/query-core/build/modern/', ['queriesObserver', 'mutationObserver'], '.'),
      ...prefixed('@tanstack/react-query/build/modern/', ['useQueries', 'useMutation', 'useSuspenseQuery'], '.'),
    ],
  },
  // What a detail page's first screen shows besides the list kit: the page's frame, its facts and related lists, the
  // crumb that names it, its delete button. Each a chunk of a few hundred bytes before, a request each.
  {
    name: 'detail',
    priority: 0.5,
    modules: [
      ...own('components/DetailPage', 'components/DetailList', 'components/detail/', 'components/RelativeTime'),
      ...own('components/NameCrumb', 'components/DeleteResourceButton', 'components/InstanceState'),
      ...own('lib/use-names', 'lib/name-reads', 'lib/use-regional-item'),
      // An instance's, which its page and its edit form show.
      ...own('features/instances/instance-reads', 'features/instances/components/InstanceNetworkLink'),
      ...own('components/BareMetalBadge'),
    ],
  },
  // The model catalog's prices, which the overview, the catalog and the playground show.
  {
    name: 'model-catalog',
    priority: 0.5,
    modules: [
      ...own('lib/pricing', 'lib/embeddings-source', 'components/ServedByNote', 'lib/wait-at-most'),
      ...own('lib/model-catalog-loader'),
      'big.js/',
    ],
  },
  // What a form's first screen shows: the form kit and its fields (not the flavor and image pickers, nor the secret
  // field), react-hook-form and the resolver, and the request preview. Popovers are in 'overlay', which dialogs and
  // menus share. And ipaddr.js, which the CIDR fields read with: left to the bundler, its CommonJS build is a chunk of
  // its own, and the bundler's runtime, which the entry carries, then a script on every first screen.
  {
    name: 'form',
    priority: 0.45,
    modules: [
      /\/src\/components\/form\/(?!(FlavorChoice|FlavorPicker|ImageChoice|SecretField)\.)/,
      ...own('components/RequestPreview', 'components/error-title', 'lib/form-route', 'lib/form-wire'),
      ...own('lib/validation', 'lib/cidr', 'lib/number-reading', 'api/describeRequest', 'api/business-rules'),
      ...own('api/schemas/messages', 'api/sensitive', 'lib/use-steady-while-pressed'),
      'react-hook-form/',
      '@hookform/',
      'ipaddr.js/',
      'zod/v4/locales/en.',
      ...own('lib/quota-fit'),
      ...mantine('Grid'),
      ...mantineStyles('Grid'),
      ...wrappers('Grid'),
    ],
  },
  // Mantine's selects and inputs, radios and segmented controls, which the forms and the lists' filter inputs (loaded
  // after the first paint) share: a list's filters do not download the form kit.
  {
    name: 'inputs',
    priority: 0.44,
    modules: [
      ...own('lib/use-select-a11y', 'components/GrowingTextarea', 'components/DeferredSelect'),
      ...wrappers('InputBase'),
      ...mantine('Select', 'MultiSelect', 'TagsInput', 'Combobox', 'Textarea', 'NumberInput', 'Switch', 'Tabs'),
      ...mantine('Fieldset', 'FloatingIndicator', 'SegmentedControl'),
      /\/@mantine\/core\/esm\/components\/Checkbox\/(?!CheckIcon)/,
      /\/@mantine\/core\/esm\/components\/Radio\/(?!RadioIcon)/,
      ...prefixed('@mantine/core/esm/utils/', ['InlineInput', 'InputsGroupFieldset'], '/'),
      ...mantineStyles(
        'Combobox',
        'InlineInput',
        'Checkbox',
        'Switch',
        'Tabs',
        'FloatingIndicator',
        'SegmentedControl',
      ),
      ...mantineStyles('Radio'),
      ...wrappers('Select', 'MultiSelect', 'TagsInput', 'Textarea', 'Switch', 'Tabs', 'SegmentedControl'),
      ...wrappers('Checkbox', 'Radio'),
    ],
  },
  // Popovers, dialogs, tooltips and the focus trap: a form's selects, a dialog, a cut text's tooltip. Not the scroll
  // lock, which the notifications use too. Not the menus: Mantine's menu search imports its Input, which is in 'list',
  // and the list kit's cut chips import the tooltip here, so the two chunks would import each other.
  {
    name: 'overlay',
    priority: 0.4,
    modules: [
      ...mantine('Popover', 'FocusTrap', 'Modal', 'ModalBase', 'Overlay', 'Tooltip'),
      '@mantine/core/esm/components/Checkbox/CheckIcon.',
      '@mantine/core/esm/components/Radio/RadioIcon.',
      '@mantine/core/esm/utils/Floating/',
      ...mantineStyles('Popover', 'Modal', 'ModalBase', 'Overlay', 'Tooltip'),
      ...wrappers('Popover', 'Modal', 'Tooltip'),
    ],
  },
  // The kinds' and pages' icons (their rows' `icon`), one chunk loaded after the first paint: each imported on its own,
  // they were a request each, and in the entry they weighed on every first screen.
  { name: 'icons', priority: 0.35, modules: ['@tabler/icons-react/'] },
  // Mantine's small helpers (hooks, and the utilities its components share) that the entry does not already carry:
  // left to the bundler, each was a chunk of a few hundred bytes, a request of its own on the forms' and detail
  // pages' first screens.
  {
    name: 'mantine-helpers',
    priority: 0.3,
    modules: [
      ...prefixed('@mantine/core/esm/core/', ['utils/', 'Box/', 'DirectionProvider/'], ''),
      '@mantine/core/esm/core/MantineProvider/color-functions/',
      // SimpleGrid's stylesheet is in the entry's (src/app/shell/stylesheet.ts): here, it was one more on the overview.
      ...mantine('Portal', 'Transition', 'SimpleGrid'),
      ...wrappers('SimpleGrid'),
      '@mantine/core/esm/components/Accordion/AccordionChevron.',
      // The notifications' store, which a form or a detail page imports to show one, not the toasts themselves.
      '@mantine/notifications/esm/notifications.store.',
      '@mantine/notifications/esm/index.',
      '@mantine/store/',
      /\/@mantine\/hooks\/esm\/(?!use-merged-ref\/)/,
    ],
  },
]

const slashes = (id: string) => id.replaceAll('\\', '/')
const names = (id: string, name: ModuleName) => (typeof name === 'string' ? id.includes(name) : name.test(id))

/** Whether a module (its id as the bundler gives it) is one a group names. */
const takes = (group: ChunkGroup, id: string) => group.modules.some((name) => names(slashes(id), name))

/**
 * The groups as Rolldown's codeSplitting takes them, less those `omit` names (bench/chunk-groups.bench.ts builds once
 * without each). The entry comes first, so the shell cannot take the entry's own modules (React, the router).
 */
export function codeSplittingGroups(omit: string[] = []) {
  return [
    { name: 'index', tags: ['$initial' as const], priority: 2 },
    ...CHUNK_GROUPS.filter((group) => !omit.includes(group.name)).map((group) => ({
      name: group.name,
      priority: group.priority,
      includeDependenciesRecursively: Boolean(group.withDependencies),
      test: (id: string) => takes(group, id),
    })),
  ]
}

/**
 * Fails the build when a group names a module that it does not get: one the build does not have (an upgrade moved or
 * renamed it), or one a group of higher priority takes first, so that the name does nothing.
 */
export function chunkRulesMatch(groups: ChunkGroup[] = CHUNK_GROUPS): Plugin {
  return {
    name: 'chunk-rules-match',
    apply: 'build',
    generateBundle() {
      const ids = [...this.getModuleIds()].map(slashes)
      const byPriority = [...groups].sort((a, b) => b.priority - a.priority)
      const idle = byPriority.flatMap((group, rank) => {
        const left = ids.filter((id) => !byPriority.slice(0, rank).some((before) => takes(before, id)))
        return group.modules
          .filter((name) => !left.some((id) => names(id, name)))
          .map(
            (name) =>
              `${group.name}: ${String(name)}${ids.some((id) => names(id, name)) ? ' (taken by a group before it)' : ''}`,
          )
      })
      if (idle.length)
        this.error(
          `chunk groups name modules they do not get (moved, renamed or taken first?):\n  ${idle.join('\n  ')}`,
        )
    },
  }
}
