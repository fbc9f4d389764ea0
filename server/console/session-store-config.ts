import type { ConsoleConfig } from '../config.ts'
import type { Logger } from './log.ts'
import { MemorySessionStore } from './session-store-memory.ts'
import { RedisSessionStore } from './session-store-redis.ts'
import type { SessionStore } from './sessions.ts'

/** The store the configuration asks for: Redis when SESSION_STORE_URL is set, else this process's memory. */
export function openSessionStore(config: ConsoleConfig, logger: Logger, now?: () => number): SessionStore {
  const limits = {
    idleMs: config.sessionIdleMs,
    maxMs: config.sessionMaxMs,
    maxCount: config.maxSessions,
    perPrincipal: config.sessionsPerPrincipal,
  }
  if (!config.sessionStoreUrl || !config.sessionSecret) return new MemorySessionStore(limits, now)
  const store: RedisSessionStore = new RedisSessionStore({
    url: config.sessionStoreUrl,
    secret: config.sessionSecret,
    limits,
    timeoutMs: config.sessionStoreTimeoutMs,
    now,
    onStateChange: (state, error) =>
      state === 'down'
        ? logger.error({ store: store.where, err: error?.message }, 'session store unreachable')
        : logger.info({ store: store.where }, 'session store reachable'),
  })
  return store
}
