// Every kind with pages shows where its items stand the one way, on its list and on its detail page: a badge with a dot
// in the state's colour, the same colour for the same word wherever it is shown. The kinds come from their
// declarations, so a new kind is held to it without a line here.
import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { navLabel, resources, type Resource } from '../lib/resources'
import { consoleForFile, renderRoute, warmRoutes } from './console-harness'

consoleForFile()

const paged = Object.values(resources as Record<string, Resource>).filter((kind) => kind.page && kind.api)
const listPath = (kind: Resource) =>
  `/${kind.path}${kind.api!.lives === 'organization' ? '' : '?project=all&region=all'}`

beforeAll(() => warmRoutes(...paged.map(listPath)))

/** The badge of a state: a badge whose left section is a dot (an empty mark, hidden from screen readers). */
const isStateBadge = (badge: Element) =>
  badge.matches('.mantine-Badge-root') && badge.querySelector(':scope > [data-position="left"] > [aria-hidden]:empty')

const stateBadges = (root: Element) => [...root.querySelectorAll('.mantine-Badge-root')].filter(isStateBadge)

/** What each page shows: the words of its state badges with their colours, and every other text that leads a line. */
const seen: { page: string; word: string; color: string | null }[] = []
const texts: { page: string; text: string }[] = []

function record(page: string, main: Element) {
  for (const badge of stateBadges(main))
    seen.push({ page, word: badge.textContent.trim(), color: badge.getAttribute('data-color') })
  for (const element of main.querySelectorAll('*')) {
    if (element.closest('.mantine-Badge-root')) continue
    const own = [...element.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent)
      .join('')
      .trim()
    if (own) texts.push({ page, text: own })
  }
}

describe.each(paged.map((kind) => [navLabel(kind), kind] as const))('%s', (_, kind) => {
  it('show each listed item’s state, and the item’s own on its page, in a state badge', async () => {
    const list = listPath(kind)
    const { unmount } = renderRoute(list)
    const table = await screen.findByRole('table', { name: navLabel(kind) }, { timeout: 20_000 })
    const rows = await waitFor(() => {
      const found = within(table).getAllByRole('row').slice(1)
      expect(found.length).toBeGreaterThan(0)
      return found
    })
    const bare = rows.filter((row) => stateBadges(row).length === 0).map((row) => row.textContent)
    expect(bare, `${list}: rows without a state badge`).toEqual([])
    const item = within(rows[0]!).getAllByRole('link')[0]!.getAttribute('href')!
    record(list, screen.getByRole('main'))
    unmount()

    renderRoute(item)
    const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 20_000 })
    // The title's line: the heading and what stands beside it.
    const titleLine = heading.parentElement!.parentElement!
    expect(stateBadges(titleLine).length, `${item}: a state badge beside the title`).toBeGreaterThan(0)
    record(item, screen.getByRole('main'))
  })
})

// After every kind's pages: the tests of a file run in order.
it('say each state word in one colour, and never outside its badge', () => {
  expect(seen.length).toBeGreaterThan(0)
  // One colour for each state word, whichever page shows it.
  const colors = new Map<string, Set<string | null>>()
  for (const { word, color } of seen) colors.set(word, (colors.get(word) ?? new Set()).add(color))
  expect([...colors].filter(([, set]) => set.size > 1).map(([word, set]) => `${word}: ${[...set].join(', ')}`)).toEqual(
    [],
  )
  // No state word said outside a badge: alone, or leading a line ("Active — Can sign in…").
  const words = [...colors.keys()]
  const lead = new RegExp(`^(${words.join('|')})(\\s*[—:(,]|$)`)
  expect(texts.filter(({ text }) => lead.test(text)).map(({ page, text }) => `${page}: ${text}`)).toEqual([])
})
