import { appendFile, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildDemoState } from '../../demo/seed.ts'
import type { NetworkRecord } from '../../services/regional/networks.ts'
import { Store } from './store.ts'

// A store abandoned without close() stands for a crashed process: only what reached the files counts.

let dir: string
let opened: Store[] = []
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'local-cloud-journal-'))
})
afterEach(async () => {
  // Only now, after the checks: closing writes a snapshot, which a crashed process would not have done.
  for (const store of opened) await store.close()
  opened = []
  await rm(dir, { recursive: true, force: true })
})

async function open(): Promise<Store> {
  const store = await Store.open(dir, buildDemoState)
  opened.push(store)
  return store
}

function network(store: Store, name: string): NetworkRecord {
  const template = store.networks.values().next().value as NetworkRecord
  return { ...template, meta: { ...template.meta, id: `net-${name}`, name } }
}

describe('the journal', () => {
  it('has every committed change on disk, without close()', async () => {
    const store = await open()
    const [account] = store.serviceAccounts.values()
    const [doomed] = store.projects.values()
    store.networks.set(network(store, 'added'))
    store.serviceAccounts.set({ ...account!, tokenHash: 'rotated-hash' })
    store.projects.delete(doomed!.meta.id)
    await store.commit()

    const reopened = await open()
    expect(reopened.networks.get('net-added')?.meta.name).toBe('added')
    expect(reopened.serviceAccounts.get(account!.meta.id)?.tokenHash).toBe('rotated-hash')
    expect(reopened.projects.get(doomed!.meta.id)).toBeUndefined()
  })

  it('drops a batch cut short by a crash, and keeps working after it', async () => {
    const store = await open()
    store.networks.set(network(store, 'whole'))
    await store.commit()
    await appendFile(join(dir, 'state.journal'), '{"puts":{"networks":[{"meta":{"id":"net-torn"')

    const reopened = await open()
    expect(reopened.networks.get('net-whole')).toBeDefined()
    expect(reopened.networks.get('net-torn')).toBeUndefined()
    reopened.networks.set(network(reopened, 'after'))
    await reopened.commit()
    expect((await open()).networks.get('net-after')).toBeDefined()
  })

  it('ignores a journal left over from before the latest snapshot', async () => {
    const store = await open()
    await store.commit()
    // What a crash between writing a new snapshot and starting its journal leaves: the previous journal.
    const stale = network(store, 'stale')
    await writeFile(
      join(dir, 'state.journal'),
      `${JSON.stringify({ journal: 'an-older-snapshot' })}\n${JSON.stringify({ puts: { networks: [stale] } })}\n`,
    )
    expect((await open()).networks.get('net-stale')).toBeUndefined()
  })

  it('replays a damaged journal up to the damage and keeps a copy of it', async () => {
    const store = await open()
    await store.commit()
    const { journal } = JSON.parse(await readFile(join(dir, 'state.json'), 'utf8')) as { journal: string }
    const line = (name: string) => JSON.stringify({ puts: { networks: [network(store, name)] } })
    await writeFile(
      join(dir, 'state.journal'),
      [JSON.stringify({ journal }), line('before'), '{"puts": garbage', line('after'), ''].join('\n'),
    )
    const reopened = await open()
    expect(reopened.networks.get('net-before')).toBeDefined()
    expect(reopened.networks.get('net-after')).toBeUndefined()
    expect((await readdir(dir)).some((n) => n.startsWith('state.journal.unreadable-'))).toBe(true)
  })

  it('folds a large journal into the snapshot', async () => {
    const store = await open()
    for (let i = 0; i < 4000; i++) store.networks.set(network(store, `bulk-${i}`))
    await store.commit()
    const grown = (await stat(join(dir, 'state.journal'))).size
    expect(grown).toBeGreaterThan(1024 * 1024)
    store.networks.set(network(store, 'next'))
    await store.commit()
    expect((await stat(join(dir, 'state.journal'))).size).toBeLessThan(grown / 10)
    const reopened = await open()
    expect(reopened.networks.get('net-bulk-3999')).toBeDefined()
    expect(reopened.networks.get('net-next')).toBeDefined()
  })

  it('appends only the records a change touched, however large the tables', async () => {
    const store = await open()
    for (let i = 0; i < 1000; i++) store.networks.set(network(store, `many-${i}`))
    await store.commit()
    const before = (await stat(join(dir, 'state.journal'))).size
    const renamed = store.networks.get('net-many-7') as NetworkRecord
    store.networks.set({ ...renamed, meta: { ...renamed.meta, name: 'renamed' } })
    store.networks.delete('net-many-8')
    await store.commit()
    const line = (await readFile(join(dir, 'state.journal'), 'utf8')).slice(before)
    expect(JSON.parse(line)).toEqual({
      puts: { networks: [store.networks.get('net-many-7')] },
      dels: { networks: ['net-many-8'] },
    })
  })

  it('leaves one snapshot and no journal on close()', async () => {
    const store = await open()
    store.networks.set(network(store, 'closed'))
    await store.close()
    opened = opened.filter((s) => s !== store)
    expect((await readdir(dir)).sort()).toEqual(['state.json'])
    const saved = JSON.parse(await readFile(join(dir, 'state.json'), 'utf8')) as {
      networks: { meta: { id: string } }[]
    }
    expect(saved.networks.some((n) => n.meta.id === 'net-closed')).toBe(true)
  })

  it('opens a table empty over a snapshot written before the table existed', async () => {
    const { instances: _left, ...older } = buildDemoState()
    await writeFile(join(dir, 'state.json'), JSON.stringify(older))
    const store = await open()
    expect(store.instances.toArray()).toEqual([])
    expect(store.networks.toArray()).toEqual(older.networks)
    await store.flush(true)
    const snapshot = JSON.parse(await readFile(join(dir, 'state.json'), 'utf8')) as Record<string, unknown>
    expect(snapshot.instances).toEqual([])
  })
})
