import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import type { createClient as CreateClient } from 'redis'
import {
  isRefused,
  refusedShare,
  type ActivityEntry,
  type ActivityLimits,
  type ActivityLog,
  type Dropped,
  type Kept,
} from './activity.ts'

const COUNTS = 'cc:activity-counts'
const TOTAL = 'cc:activity-total'

// One script, so the two streams, the counts, the total and what was dropped move together whatever else runs:
// appends to the organization's accepted or refused stream (capped), sets its count, and past the total drops the
// oldest entry of whichever organization holds the most (its refusals first). Each entry dropped sets its time in the
// organization's hash of what it dropped (cc:activity-dropped:<id>), under the stream's name.
// An entry that replaces another (a write's outcome, in place of the entry kept before it was sent) deletes that one
// first, if it is still kept, and counts it gone. Answers the new entry's stream id.
// KEYS: the stream written, the organization's accepted stream, its refused stream, the counts, the total, the
// accepted stream of the entry replaced.
// ARGV: the entry, the stream's cap, the organization, the total allowed, the written stream's name, the replaced
// entry's stream id ('' for none) and its organization.
const APPEND = `
local function dropped(org, stream, item)
  redis.call('HSET', 'cc:activity-dropped:' .. org, stream, cjson.decode(item[2][2]).at)
end
if ARGV[6] ~= '' and redis.call('XDEL', KEYS[6], ARGV[6]) == 1 and ARGV[7] ~= ARGV[3] then
  if tonumber(redis.call('ZINCRBY', KEYS[4], -1, ARGV[7])) <= 0 then redis.call('ZREM', KEYS[4], ARGV[7]) end
  redis.call('DECR', KEYS[5])
end
local before = tonumber(redis.call('ZSCORE', KEYS[4], ARGV[3]) or '0')
local over = redis.call('XLEN', KEYS[1]) + 1 - tonumber(ARGV[2])
if over > 0 then
  local trimmed = redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', over)
  dropped(ARGV[3], ARGV[5], trimmed[#trimmed])
end
local id = redis.call('XADD', KEYS[1], 'MAXLEN', ARGV[2], '*', 'entry', ARGV[1])
local after = redis.call('XLEN', KEYS[2]) + redis.call('XLEN', KEYS[3])
redis.call('ZADD', KEYS[4], after, ARGV[3])
local total = redis.call('INCRBY', KEYS[5], after - before)
while total > tonumber(ARGV[4]) do
  local top = redis.call('ZREVRANGE', KEYS[4], 0, 0)[1]
  if not top then break end
  local key, stream = 'cc:activity:refused:' .. top, 'refused'
  if redis.call('XLEN', key) == 0 then key, stream = 'cc:activity:' .. top, 'accepted' end
  local oldest = redis.call('XRANGE', key, '-', '+', 'COUNT', 1)[1]
  if oldest then
    redis.call('XDEL', key, oldest[1])
    dropped(top, stream, oldest)
  end
  if tonumber(redis.call('ZINCRBY', KEYS[4], -1, top)) <= 0 then redis.call('ZREM', KEYS[4], top) end
  total = redis.call('DECR', KEYS[5])
end
return id
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

  async record(entry: ActivityEntry, replacing?: Kept): Promise<Kept> {
    const client = await this.ready()
    const org = entry.organizationId
    const refused = isRefused(entry)
    const accepted = `cc:activity:${org}`
    const refusals = `cc:activity:refused:${org}`
    const options = {
      keys: [
        refused ? refusals : accepted,
        accepted,
        refusals,
        COUNTS,
        TOTAL,
        replacing ? `cc:activity:${replacing.organizationId}` : accepted,
      ],
      arguments: [
        JSON.stringify(entry),
        String(refused ? refusedShare(this.limits.perOrganization) : this.limits.perOrganization),
        org,
        String(this.limits.total),
        refused ? 'refused' : 'accepted',
        replacing?.ref ?? '',
        replacing?.organizationId ?? '',
      ],
    }
    let ref: unknown
    try {
      ref = await client.evalSha(APPEND_SHA, options)
    } catch (error) {
      if (!String((error as Error).message).startsWith('NOSCRIPT')) throw error
      ref = await client.eval(APPEND, options)
    }
    return { organizationId: org, id: entry.id, ref: String(ref) }
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

  async dropped(organizationId: string): Promise<Dropped> {
    const client = await this.ready()
    const { accepted, refused } = await client.hGetAll(`cc:activity-dropped:${organizationId}`)
    return { ...(accepted ? { accepted } : {}), ...(refused ? { refused } : {}) }
  }

  async close() {
    if (this.connecting) this.client.destroy()
  }
}
