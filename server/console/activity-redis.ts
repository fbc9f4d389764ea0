import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import type { createClient as CreateClient } from 'redis'
import { isRefused, refusedShare, type ActivityEntry, type ActivityLimits, type ActivityLog } from './activity.ts'

const COUNTS = 'cc:activity-counts'
const TOTAL = 'cc:activity-total'

// One script, so the two streams, the counts and the total move together whatever else runs: appends to the
// organization's accepted or refused stream (capped), sets its count, and past the total drops the oldest entry of
// whichever organization holds the most (its refusals first).
// KEYS: the stream written, the organization's accepted stream, its refused stream, the counts, the total.
// ARGV: the entry, the stream's cap, the organization, the total allowed.
const APPEND = `
local before = tonumber(redis.call('ZSCORE', KEYS[4], ARGV[3]) or '0')
redis.call('XADD', KEYS[1], 'MAXLEN', ARGV[2], '*', 'entry', ARGV[1])
local after = redis.call('XLEN', KEYS[2]) + redis.call('XLEN', KEYS[3])
redis.call('ZADD', KEYS[4], after, ARGV[3])
local total = redis.call('INCRBY', KEYS[5], after - before)
while total > tonumber(ARGV[4]) do
  local top = redis.call('ZREVRANGE', KEYS[4], 0, 0)[1]
  if not top then break end
  local key = 'cc:activity:refused:' .. top
  if redis.call('XLEN', key) == 0 then key = 'cc:activity:' .. top end
  local oldest = redis.call('XRANGE', key, '-', '+', 'COUNT', 1)[1]
  if oldest then redis.call('XDEL', key, oldest[1]) end
  if tonumber(redis.call('ZINCRBY', KEYS[4], -1, top)) <= 0 then redis.call('ZREM', KEYS[4], top) end
  total = redis.call('DECR', KEYS[5])
end
return total
`
const APPEND_SHA = createHash('sha1').update(APPEND).digest('hex')

/**
 * Two Redis streams per organization in the session store, so every replica sees one log: its accepted writes
 * (`cc:activity:<id>`) and its refused ones (`cc:activity:refused:<id>`), each capped, with a count per organization
 * and a total that bound them all. Its own connection, so a slow log never holds up a session lookup.
 */
export class RedisActivityLog implements ActivityLog {
  private readonly client
  private connecting?: Promise<unknown>
  constructor(
    url: string,
    private readonly limits: ActivityLimits,
  ) {
    // Loaded here, not at import, as the session store does: a console without SESSION_STORE_URL never pays for the
    // Redis client at start.
    const { createClient } = createRequire(import.meta.url)('redis') as { createClient: typeof CreateClient }
    this.client = createClient({ url, socket: { reconnectStrategy: (retries) => Math.min(retries * 100, 2000) } })
    // Failures surface as the commands' rejections; the caller logs those.
    this.client.on('error', () => undefined)
  }

  /** Connected on first use: a console that nobody writes through opens no second connection. */
  private async ready() {
    this.connecting ??= this.client.connect()
    await this.connecting
    return this.client
  }

  async record(entry: ActivityEntry) {
    const client = await this.ready()
    const org = entry.organizationId
    const refused = isRefused(entry)
    const accepted = `cc:activity:${org}`
    const refusals = `cc:activity:refused:${org}`
    const options = {
      keys: [refused ? refusals : accepted, accepted, refusals, COUNTS, TOTAL],
      arguments: [
        JSON.stringify(entry),
        String(refused ? refusedShare(this.limits.perOrganization) : this.limits.perOrganization),
        org,
        String(this.limits.total),
      ],
    }
    try {
      await client.evalSha(APPEND_SHA, options)
    } catch (error) {
      if (!String((error as Error).message).startsWith('NOSCRIPT')) throw error
      await client.eval(APPEND, options)
    }
  }

  async list(organizationId: string) {
    const client = await this.ready()
    const [accepted, refused] = await Promise.all([
      client.xRevRange(`cc:activity:${organizationId}`, '+', '-', { COUNT: this.limits.perOrganization }),
      client.xRevRange(`cc:activity:refused:${organizationId}`, '+', '-', { COUNT: this.limits.perOrganization }),
    ])
    return [...(accepted ?? []), ...(refused ?? [])]
      .map((item) => JSON.parse(item.message.entry!) as ActivityEntry)
      .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
  }

  async close() {
    if (this.connecting) this.client.destroy()
  }
}
