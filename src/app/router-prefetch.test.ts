import { QueryClient } from '@tanstack/react-query'
import type { RouteObject } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { prefetchUrl } from './router-prefetch'

/** The console server's answers: the session as given, anything else (the scope's lists) a 404. */
function serve(session: 'signed-in' | 'signed-out') {
  const paths: string[] = []
  let answerSession: () => void = () => {}
  const sessionAnswered = new Promise<void>((resolve) => (answerSession = resolve))
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const path = new URL(String(input), 'http://console').pathname
    paths.push(path)
    if (path !== '/console/session') return Response.json({ message: 'not here' }, { status: 404 })
    await sessionAnswered
    return session === 'signed-in'
      ? Response.json({ kind: 'demo' })
      : Response.json({ message: 'signed out' }, { status: 401 })
  })
  return { paths, answerSession }
}

/** A layout and a page, each lazy like the app's, whose loader records what it was called with. */
function routes() {
  const loads: string[] = []
  const loaded: string[] = []
  const page = (name: string) => async () => {
    loads.push(name)
    return {
      loader: async ({ params }: { params: Record<string, string | undefined> }) => loaded.push(`${name} ${params.id}`),
    }
  }
  const tree: RouteObject[] = [
    { path: '/', lazy: page('layout'), children: [{ path: 'things/:id', lazy: page('thing') }] },
  ]
  return { tree, loads, loaded }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => vi.unstubAllGlobals())

describe('prefetchUrl', () => {
  it("asks for the session and the page's chunks at once, then runs the page's loaders once signed in", async () => {
    const server = serve('signed-in')
    const { tree, loads, loaded } = routes()
    prefetchUrl(new QueryClient(), tree, new URL('http://console/things/t-1'))
    await settled()
    // The session has not answered, yet the chunks are on their way and no loader has run.
    expect(server.paths).toContain('/console/session')
    expect(loads).toEqual(['layout', 'thing'])
    expect(loaded).toEqual([])

    server.answerSession()
    await vi.waitFor(() => expect(loaded).toEqual(['layout t-1', 'thing t-1']))
    // The scope check every page starts with went out without waiting for the router.
    await vi.waitFor(() => expect(server.paths.some((path) => path.endsWith('/organizations'))).toBe(true), 10_000)
  })

  it('signed out, it asks for nothing but the session', async () => {
    const server = serve('signed-out')
    const { tree, loaded } = routes()
    const queryClient = new QueryClient()
    prefetchUrl(queryClient, tree, new URL('http://console/things/t-1'))
    server.answerSession()
    await vi.waitFor(() => expect(queryClient.getQueryState(['session'])?.status).toBe('success'))
    await settled()
    expect(loaded).toEqual([])
    expect(server.paths).toEqual(['/console/session'])
  })
})
