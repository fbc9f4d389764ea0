import { MantineProvider } from '@mantine/core'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, it } from 'vitest'
import { formatLikeTheRepository } from '../../scripts/repository-format'
import { cssVariablesResolver, theme } from './theme'

const HEADER = `/*
 * Mantine's CSS variables for the console's theme (./theme.ts), as MantineProvider would build them in the browser
 * from the theme and its resolver, on every start: here once, by this test. After a change to the theme, write it
 * again with \`npx vitest run src/app/theme-variables.test.ts -u\`.
 */
`

it("is the stylesheet of Mantine's CSS variables that the theme makes", async () => {
  const html = renderToStaticMarkup(
    createElement(MantineProvider, { theme, cssVariablesResolver, withGlobalClasses: false }),
  )
  const css = /^<style data-mantine-styles="true">(.*)<\/style>$/s.exec(html)?.[1]
  expect(css, html).toBeDefined()
  // Written as the repository's formatter writes it, so that its check passes the file as it is.
  await expect(await formatLikeTheRepository('theme-variables.css', HEADER + css!)).toMatchFileSnapshot(
    './theme-variables.css',
  )
})
