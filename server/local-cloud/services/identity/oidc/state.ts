import { join } from 'node:path'
import type { Adapter, AdapterPayload } from 'oidc-provider'
import { readTextIfExists, writeFileAtomic } from '../../../platform/store/atomic-file.ts'

interface Entry {
  payload: AdapterPayload
  /** Epoch ms; absent for records that live until destroyed. */
  expiresAt?: number
}

const STATE_FILE = 'oidc-state.json'

/**
 * The provider's records (sessions, grants, codes, access and refresh tokens, interactions), kept in memory for the
 * synchronous token look-up the APIs need, and written whole to the data dir after every change, so sign-ins
 * survive a restart of the local cloud as the rest of its state does. The volume is a demo's: a few people, a few
 * grants each.
 */
export class OidcState {
  private readonly entries = new Map<string, Entry>()
  private writing: Promise<void> = Promise.resolve()
  private dirty = false

  private constructor(private readonly path: string | undefined) {}

  /** `dataDir` undefined keeps the state in memory only (tests). */
  static async open(dataDir: string | undefined): Promise<OidcState> {
    const state = new OidcState(dataDir === undefined ? undefined : join(dataDir, STATE_FILE))
    const text = state.path ? await readTextIfExists(state.path) : null
    if (text) {
      try {
        const now = Date.now()
        for (const [key, entry] of Object.entries(JSON.parse(text) as Record<string, Entry>))
          if (entry.expiresAt === undefined || entry.expiresAt > now) state.entries.set(key, entry)
      } catch {
        // A damaged file signs everyone out; it does not stop the local cloud.
      }
    }
    return state
  }

  get(model: string, id: string, now = Date.now()): AdapterPayload | undefined {
    const entry = this.entries.get(key(model, id))
    if (!entry) return undefined
    if (entry.expiresAt !== undefined && entry.expiresAt <= now) {
      this.entries.delete(key(model, id))
      return undefined
    }
    return entry.payload
  }

  set(model: string, id: string, payload: AdapterPayload, expiresInSeconds: number | undefined): void {
    this.entries.set(key(model, id), {
      payload,
      ...(expiresInSeconds ? { expiresAt: Date.now() + expiresInSeconds * 1000 } : {}),
    })
    this.save()
  }

  delete(model: string, id: string): void {
    if (this.entries.delete(key(model, id))) this.save()
  }

  /** Every live record of a model matching `test`, with its id. */
  *find(model: string, test: (payload: AdapterPayload) => boolean): Generator<[string, AdapterPayload]> {
    const prefix = `${model}:`
    const now = Date.now()
    for (const [k, entry] of this.entries) {
      if (!k.startsWith(prefix) || (entry.expiresAt !== undefined && entry.expiresAt <= now)) continue
      if (test(entry.payload)) yield [k.slice(prefix.length), entry.payload]
    }
  }

  /** Waits for pending writes. */
  async flush(): Promise<void> {
    await this.writing
  }

  // One write at a time, each of the latest state; changes made during a write are picked up by the next one.
  private save(): void {
    if (!this.path || this.dirty) return
    this.dirty = true
    const path = this.path
    this.writing = this.writing.then(async () => {
      this.dirty = false
      const now = Date.now()
      const live: Record<string, Entry> = {}
      for (const [k, entry] of this.entries) if (entry.expiresAt === undefined || entry.expiresAt > now) live[k] = entry
      await writeFileAtomic(path, JSON.stringify(live)).catch((error: unknown) =>
        console.error('local cloud: could not save the OpenID provider state', error),
      )
    })
  }
}

function key(model: string, id: string): string {
  return `${model}:${id}`
}

const GRANT_BOUND = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode'])

/** oidc-provider's adapter over the shared state: one instance per model name. */
export function adapterFor(state: OidcState): (name: string) => Adapter {
  return (name) => ({
    async upsert(id, payload, expiresIn) {
      state.set(name, id, payload, expiresIn)
    },
    async find(id) {
      return state.get(name, id)
    },
    async findByUserCode(userCode) {
      for (const [, payload] of state.find(name, (p) => p.userCode === userCode)) return payload
      return undefined
    },
    async findByUid(uid) {
      for (const [, payload] of state.find(name, (p) => p.uid === uid)) return payload
      return undefined
    },
    async consume(id) {
      const payload = state.get(name, id)
      if (payload) state.set(name, id, { ...payload, consumed: Math.floor(Date.now() / 1000) }, remaining(payload))
    },
    async destroy(id) {
      state.delete(name, id)
    },
    async revokeByGrantId(grantId) {
      if (!GRANT_BOUND.has(name)) return
      for (const [id] of [...state.find(name, (p) => p.grantId === grantId)]) state.delete(name, id)
    },
  })
}

/** Seconds a payload has left, from its `exp` claim. */
function remaining(payload: AdapterPayload): number | undefined {
  return typeof payload.exp === 'number' ? Math.max(1, payload.exp - Math.floor(Date.now() / 1000)) : undefined
}
