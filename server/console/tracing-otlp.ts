import { parseTraceparent, traceparentOf, type Tracer } from './trace-context.ts'

/**
 * OpenTelemetry's SDK: a server span per request, batched and exported over OTLP/HTTP to the endpoint the standard
 * OTEL_EXPORTER_OTLP_* variables name (the exporter reads them, headers and timeouts included). The packages are
 * imported here, when asked for, never at start: the bundle keeps them external and a console that exports nothing
 * never loads them.
 */
export async function otlpTracer(url: string, serviceName: string): Promise<Tracer> {
  const [api, { TracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
    ])
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url }) })],
  })
  const tracer = provider.getTracer('cloud-console')
  return {
    start(header, trusted) {
      const parent = trusted ? parseTraceparent(header) : undefined
      const context = parent
        ? api.trace.setSpanContext(api.ROOT_CONTEXT, {
            traceId: parent.traceId,
            spanId: parent.spanId,
            traceFlags: parseInt(parent.flags, 16),
            isRemote: true,
          })
        : api.ROOT_CONTEXT
      const span = tracer.startSpan('request', { kind: api.SpanKind.SERVER }, context)
      const { traceId, spanId, traceFlags } = span.spanContext()
      return {
        traceId,
        traceparent: traceparentOf(traceId, spanId, traceFlags.toString(16).padStart(2, '0')),
        end({ method, route, status, upstream }) {
          // Named by route pattern, never by the path itself: paths hold ids.
          span.updateName(`${method} ${route}`)
          span.setAttributes({
            'http.request.method': method,
            'http.route': route,
            'http.response.status_code': status,
            ...(upstream ? { 'console.upstream': upstream } : {}),
          })
          if (status >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR })
          span.end()
        },
      }
    },
    shutdown: () => provider.shutdown(),
  }
}
