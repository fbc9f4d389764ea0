import { MantineProvider } from '@mantine/core'
import { fireEvent, render, screen } from '@testing-library/react'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import { unloadedCode } from '../../lib/unloaded-code'
import { CodeUnavailable } from './CodeUnavailable'

// A console server after a deploy: the new build's files are there, the old build's are not (404).
let server: Server
let origin: string
beforeAll(async () => {
  server = createServer((req, res) => res.writeHead(req.url === '/assets/Page-new.js' ? 200 : 404).end())
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => server.close())
let reload: Mock<() => void>
beforeEach(() => {
  sessionStorage.clear()
  reload = vi.fn()
})

const failedImport = (url: string) =>
  unloadedCode(new TypeError(`Failed to fetch dynamically imported module: ${url}`))!
const show = (url: string) =>
  render(
    <MantineProvider>
      <CodeUnavailable code={failedImport(url)} reload={reload} />
    </MantineProvider>,
  )

describe('a page whose code did not arrive', () => {
  it('reloads into the new version when the console no longer has the file, once', async () => {
    const { unmount } = show(`${origin}/assets/Page-old.js`)
    expect(await screen.findByText('Reloading to open this page in the new version…')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'The console has been updated' })).toBeTruthy()
    expect(reload).toHaveBeenCalledOnce()
    unmount()

    // Still missing after that reload: a second would not help, so it says so, in the browser's words.
    show(`${origin}/assets/Page-old.js`)
    expect(await screen.findByText('The new version is missing this page’s code, after a reload too')).toBeTruthy()
    expect(screen.getByText(`Failed to fetch dynamically imported module: ${origin}/assets/Page-old.js`)).toBeTruthy()
    expect(reload).toHaveBeenCalledOnce()
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(reload).toHaveBeenCalledTimes(2)
  })

  it('says the download failed, and no more, when the file is still there', async () => {
    show(`${origin}/assets/Page-new.js`)
    expect(await screen.findByText('The page’s code could not be downloaded')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy()
    expect(screen.queryByText(/updated/)).toBeNull()
    expect(reload).not.toHaveBeenCalled()
  })

  it('says the download failed when the server does not answer at all', async () => {
    show('http://127.0.0.1:1/assets/Page-old.js')
    expect(await screen.findByText('The page’s code could not be downloaded')).toBeTruthy()
  })
})

describe('unloadedCode', () => {
  it("reads each browser's words for a module that did not load, and nothing else", () => {
    expect(
      unloadedCode(new TypeError('error loading dynamically imported module: https://c.example/assets/a.js')),
    ).toEqual({
      url: 'https://c.example/assets/a.js',
      message: 'error loading dynamically imported module: https://c.example/assets/a.js',
    })
    expect(unloadedCode(new TypeError('Importing a module script failed.'))?.url).toBeUndefined()
    expect(unloadedCode(new Error('Unable to preload CSS for /assets/a.css'))?.url).toBe('/assets/a.css')
    expect(unloadedCode(new Error('Failed to fetch'))).toBeUndefined()
    expect(unloadedCode('Failed to fetch dynamically imported module: x')).toBeUndefined()
  })
})
