import { createHash, randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { readTextIfExists, writeFileAtomic } from './store/atomic-file.ts'
import type { Store } from './store/store.ts'

/** Who a bearer token speaks for: a member of exactly one organization, with its groups' permissions. */
export interface Principal {
  organizationId: string
  /** Shown as createdBy / modifiedBy; a user's email, which finds the user and so their groups. */
  subject: string
  serviceAccountId?: string
  /** The fixed admin tokens: administrators of their organization whatever the groups say. */
  organizationAdmin?: true
}

const RECENT_TOKENS = 1024

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function newToken(prefix: string): string {
  return `${prefix}_${randomBytes(24).toString('base64url')}`
}

/** The token of an `Authorization: Bearer …` header. */
export function bearerToken(header: string | null | undefined): string | null {
  if (!header) return null
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match?.[1] ?? null
}

/** Another issuer of tokens the APIs accept (the local OpenID provider's access tokens). */
export type TokenLookup = (token: string, now: number) => Principal | null

/**
 * Resolves bearer tokens to principals: the fixed admin tokens, service-account tokens, which stop working
 * when the account's token is rotated, when the account is deleted, and once it expires, and any other issuer's.
 */
export class Authenticator {
  private readonly fixed = new Map<string, Principal>()
  private serviceAccounts = new Map<string, string>()
  private readonly lookups: TokenLookup[] = []

  constructor(
    private readonly store: Store,
    admins: { token: string; principal: Principal }[],
  ) {
    for (const admin of admins) this.fixed.set(hashToken(admin.token), admin.principal)
    store.onTokensChanged = () => this.refresh()
    this.refresh()
  }

  /**
   * Hashes of the tokens seen lately: a client sends the same token on every request, and hashing it each time was a
   * noticeable part of the cost of a small GET. Bounded, so a flood of made-up tokens cannot grow it.
   */
  private readonly recentHashes = new Map<string, string>()

  private hashOf(token: string): string {
    let hash = this.recentHashes.get(token)
    if (hash === undefined) {
      if (this.recentHashes.size >= RECENT_TOKENS) this.recentHashes.clear()
      hash = hashToken(token)
      this.recentHashes.set(token, hash)
    }
    return hash
  }

  refresh(): void {
    this.serviceAccounts = new Map([...this.store.serviceAccounts.values()].map((sa) => [sa.tokenHash, sa.meta.id]))
  }

  accept(lookup: TokenLookup): void {
    this.lookups.push(lookup)
  }

  authenticate(token: string | null, now: number): Principal | null {
    if (!token) return null
    const hash = this.hashOf(token)
    const admin = this.fixed.get(hash)
    if (admin) return admin
    const id = this.serviceAccounts.get(hash)
    if (id === undefined) {
      for (const lookup of this.lookups) {
        const principal = lookup(token, now)
        if (principal) return principal
      }
      return null
    }
    const account = this.store.serviceAccounts.get(id)
    if (!account || account.meta.goneAt !== undefined || Date.parse(account.expiry) <= now) return null
    return {
      organizationId: account.organizationId,
      subject: `serviceaccount:${account.meta.name}`,
      serviceAccountId: account.meta.id,
    }
  }
}

export interface TokenPair {
  admin: string
  second: string
  /** The read-only member of the demo organization. */
  member: string
}

const TOKENS_FILE = 'tokens.json'
const TOKEN_NAMES = ['admin', 'second', 'member'] as const

/** The fixed tokens: from the options when given, else generated once and kept in the data dir. */
export async function loadTokens(dataDir: string, given: Partial<TokenPair>): Promise<TokenPair> {
  const path = join(dataDir, TOKENS_FILE)
  const text = await readTextIfExists(path)
  let stored: Partial<TokenPair> = {}
  if (text !== null) {
    try {
      stored = JSON.parse(text) as Partial<TokenPair>
    } catch {
      stored = {}
    }
  }
  const kept = (name: keyof TokenPair) => {
    const value = stored[name]
    return typeof value === 'string' && value ? value : newToken('lc')
  }
  const generated: TokenPair = { admin: kept('admin'), second: kept('second'), member: kept('member') }
  if (TOKEN_NAMES.some((name) => generated[name] !== stored[name])) {
    await writeFileAtomic(path, `${JSON.stringify(generated, null, 2)}\n`)
  }
  return {
    admin: given.admin || generated.admin,
    second: given.second || generated.second,
    member: given.member || generated.member,
  }
}
