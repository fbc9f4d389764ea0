import type { Counter, Histogram, Registry } from 'prom-client'
import type { Service } from '../config.ts'
import type { SessionStore } from './sessions.ts'
import type { SpanFacts } from './trace-context.ts'
import { onLoopDelay } from './loop-delay.ts'

// What is counted before prom-client has loaded waits here; this many start loading it, so nothing waits for long.
const MAX_PENDING = 10_000

export type UpstreamFailure = 'timeout' | 'unreachable' | 'invalid_answer'

interface Instruments {
  registry: Registry
  requests: Histogram<'method' | 'route' | 'status_class' | 'upstream'>
  upstreamFailures: Counter<'upstream' | 'kind'>
  sessionsStarted: Counter<'kind'>
  refreshes: Counter<'outcome'>
  storeErrors: Counter
  upstreamWait: Histogram<'upstream'>
  compression: Histogram<'encoding'>
  refused: Counter<'priority' | 'reason'>
  loopDelay: Histogram
}

interface MetricsOptions {
  /** Node's own metrics too, the event loop's lag among them (tests, many consoles in one process, leave them out). */
  process?: boolean
  /** The sessions this server's memory store holds (a shared store's count is not this server's to report). */
  activeSessions?: () => number
}

/**
 * The console server's metrics, in Prometheus's text format at GET /metrics. Labels are declared routes
 * (`route-labels.ts`: `/api/region/api/v2/networks/:id`, else `unmatched`), status classes, service names and fixed
 * words: never a path's own text, an id, a user or a token. prom-client (with the
 * OpenTelemetry API it requires, and Node's own metrics) is loaded by the first scrape, or once MAX_PENDING
 * observations wait for it: loaded as the server listened, it ran before the first request's answer
 * (bench/console-server.bench.ts, cold start). What is counted meanwhile waits for it; Node's own metrics (event-loop
 * lag, GC) start with the first scrape.
 */
export class ConsoleMetrics {
  private instruments?: Instruments
  private loading?: Promise<Instruments>
  private pending: Array<(instruments: Instruments) => void> = []
  private inFlight = 0
  private admitting?: { limit: number; working: number }

  constructor(private readonly options: MetricsOptions = {}) {
    // One sampler for the process: only the server's own metrics (tests run many consoles in one process) observe it.
    if (options.process) onLoopDelay((seconds) => this.record((m) => m.loopDelay.observe(seconds)))
  }

  private load(): Promise<Instruments> {
    this.loading ??= import('prom-client').then((prom) => {
      const registry = new prom.Registry()
      const registers = [registry]
      if (this.options.process) prom.collectDefaultMetrics({ register: registry })
      const active = this.options.activeSessions
      if (active)
        new prom.Gauge({
          name: 'console_sessions_active',
          help: "Sessions this server's memory store holds (absent with a shared store).",
          registers,
          collect() {
            this.set(active())
          },
        })
      const inFlight = () => this.inFlight
      new prom.Gauge({
        name: 'console_http_requests_in_flight',
        help: 'Requests the console server has begun and not yet answered in full (a first screen counts once).',
        registers,
        collect() {
          this.set(inFlight())
        },
      })
      const admitting = () => this.admitting
      new prom.Gauge({
        name: 'console_admission_limit',
        help: 'Requests this process works on at once before it refuses reads (adapted to their latency).',
        registers,
        collect() {
          const now = admitting()
          if (now) this.set(now.limit)
        },
      })
      const instruments: Instruments = {
        registry,
        requests: new prom.Histogram({
          name: 'console_http_request_duration_seconds',
          help: 'Requests the console server answered, by method, route pattern, status class and upstream service.',
          labelNames: ['method', 'route', 'status_class', 'upstream'] as const,
          buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
          registers,
        }),
        upstreamFailures: new prom.Counter({
          name: 'console_upstream_failures_total',
          help: 'Upstream calls the proxy failed: timed out, unreachable, or answered with something not an API answer.',
          labelNames: ['upstream', 'kind'] as const,
          registers,
        }),
        sessionsStarted: new prom.Counter({
          name: 'console_sessions_started_total',
          help: 'Sign-ins that started a session, by how the user signed in.',
          labelNames: ['kind'] as const,
          registers,
        }),
        refreshes: new prom.Counter({
          name: 'console_session_refreshes_total',
          help: "OpenID Connect access-token refreshes, by outcome ('failed': refused by the provider or not reached).",
          labelNames: ['outcome'] as const,
          registers,
        }),
        storeErrors: new prom.Counter({
          name: 'console_session_store_errors_total',
          help: 'Requests refused because the session store could not be reached.',
          registers,
        }),
        upstreamWait: new prom.Histogram({
          name: 'console_upstream_wait_seconds',
          help: "Time from sending a call to a platform service (or the embedded local cloud) to its answer's headers, less the console's own event-loop delay as they came.",
          labelNames: ['upstream'] as const,
          buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
          registers,
        }),
        compression: new prom.Histogram({
          name: 'console_compression_seconds',
          help: 'CPU time spent compressing an answer held whole, or one batch of a first screen streamed, by encoding.',
          labelNames: ['encoding'] as const,
          buckets: [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
          registers,
        }),
        loopDelay: new prom.Histogram({
          name: 'console_event_loop_delay_seconds',
          help: "How late the console's event loop ran a timer it samples every 20 ms: its own CPU's queue, which the upstream wait leaves out.",
          buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
          registers,
        }),
        refused: new prom.Counter({
          name: 'console_admission_refused_total',
          help: "Reads refused at once with 503 and Retry-After: the process was at its limit ('busy'), or the session held its share of it ('share').",
          labelNames: ['priority', 'reason'] as const,
          registers,
        }),
      }
      for (const record of this.pending) record(instruments)
      this.pending = []
      this.instruments = instruments
      return instruments
    })
    return this.loading
  }

  /** The text a scrape gets, and its content type. */
  async scrape(): Promise<{ body: string; contentType: string }> {
    const { registry } = await this.load()
    return { body: await registry.metrics(), contentType: registry.contentType }
  }

  private record(observation: (instruments: Instruments) => void) {
    if (this.instruments) return observation(this.instruments)
    // Nobody scraped yet: the observations kept so far start loading prom-client rather than be dropped.
    if (this.pending.length >= MAX_PENDING) void this.load()
    this.pending.push(observation)
  }

  /** A request has begun; the answer it returns is called once the request is answered in full. */
  begun(): () => void {
    this.inFlight++
    let ended = false
    return () => {
      if (ended) return
      ended = true
      this.inFlight--
    }
  }

  /** Where the admission limit is read at each scrape. */
  admission(admitting: { limit: number; working: number }) {
    this.admitting = admitting
  }

  refused(priority: string, reason: string) {
    this.record((m) => m.refused.inc({ priority, reason }))
  }

  upstreamWait(upstream: Service, seconds: number) {
    this.record((m) => m.upstreamWait.observe({ upstream }, seconds))
  }

  compression(encoding: 'br' | 'gzip', seconds: number) {
    this.record((m) => m.compression.observe({ encoding }, seconds))
  }

  request(facts: SpanFacts, seconds: number) {
    const labels = {
      method: /^[A-Z]{1,10}$/.test(facts.method) ? facts.method : 'other',
      route: facts.route,
      status_class: `${Math.floor(facts.status / 100)}xx`,
      upstream: facts.upstream ?? 'none',
    }
    this.record((m) => m.requests.observe(labels, seconds))
  }

  upstreamFailure(upstream: string, kind: UpstreamFailure) {
    this.record((m) => m.upstreamFailures.inc({ upstream, kind }))
  }

  sessionStarted(kind: string) {
    this.record((m) => m.sessionsStarted.inc({ kind }))
  }

  refresh(outcome: 'ok' | 'failed') {
    this.record((m) => m.refreshes.inc({ outcome }))
  }

  storeError() {
    this.record((m) => m.storeErrors.inc())
  }
}

const UPSTREAM_FAILURES: Record<string, UpstreamFailure> = {
  upstream_timeout: 'timeout',
  upstream_unreachable: 'unreachable',
  upstream_error: 'invalid_answer',
}

/** The proxy's own failure behind an answer it made (a 502 or 504 of the console's, not one the service sent). */
export function upstreamFailureOf(code: string | undefined): UpstreamFailure | undefined {
  return code ? UPSTREAM_FAILURES[code] : undefined
}

/** The store, counting the sessions it starts; every other member is the store's own, called on the store. */
export function countingStarts(store: SessionStore, metrics: ConsoleMetrics): SessionStore {
  const create: SessionStore['create'] = async (fields) => {
    const session = await store.create(fields)
    metrics.sessionStarted(fields.kind)
    return session
  }
  const bound = new Map<PropertyKey, unknown>()
  return new Proxy(store, {
    get(target, key) {
      if (key === 'create') return create
      const value: unknown = Reflect.get(target, key, target)
      if (typeof value !== 'function') return value
      if (!bound.has(key)) bound.set(key, value.bind(target))
      return bound.get(key)
    },
  })
}
