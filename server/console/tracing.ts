import { randomFillSync } from 'node:crypto'
import type { Logger } from './log.ts'
import { parseTraceparent, traceparentOf, type Tracer } from './trace-context.ts'
import { otlpTracer } from './tracing-otlp.ts'

// Random bytes drawn from a pool refilled in one call: a crypto call per request costs more than the rest of this.
const pool = Buffer.alloc(8192)
let used = pool.length

function randomHex(bytes: number): string {
  if (used + bytes > pool.length) {
    randomFillSync(pool)
    used = 0
  }
  used += bytes
  return pool.toString('hex', used - bytes, used)
}

/**
 * Trace context without the SDK (OTEL_EXPORTER_OTLP_ENDPOINT unset): ids only, nothing recorded or exported. A new
 * trace is flagged sampled, so the platform's services (which follow their parent's decision) still record theirs.
 */
export const contextOnlyTracer: Tracer = {
  start(header, trusted) {
    const parent = trusted ? parseTraceparent(header) : undefined
    const ids = randomHex(parent ? 8 : 24)
    const traceId = parent?.traceId ?? ids.slice(16)
    const spanId = ids.slice(0, 16)
    return { traceId, traceparent: traceparentOf(traceId, spanId, parent?.flags ?? '01'), end() {} }
  },
  async shutdown() {},
}

/**
 * The tracer the environment asks for: OpenTelemetry's SDK exporting over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT
 * (or its traces variant) is set and OTEL_SDK_DISABLED is not, else trace context only. The SDK is loaded only then,
 * so a console that exports nothing neither loads nor pays for it.
 */
export async function openTracer(env: NodeJS.ProcessEnv, logger: Logger): Promise<Tracer> {
  // The specification's rule: the signal's own variable as it is, else the base with the signal's path.
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, '')
  const url = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || (base && `${base}/v1/traces`)
  if (!url || env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return contextOnlyTracer
  logger.info({ url }, 'exporting spans over OTLP/HTTP')
  return otlpTracer(url, env.OTEL_SERVICE_NAME || 'cloud-console')
}
