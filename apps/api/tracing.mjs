/**
 * OpenTelemetry traces, preloaded with `node --import ./tracing.mjs` (`npm start` does; cluster workers inherit it).
 *
 * Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set: then nothing below is imported and the API starts as before. On, it
 * starts the OpenTelemetry Node SDK with the HTTP and pg instrumentations (server and outbound request spans, one span
 * per SQL statement) and exports over OTLP/HTTP to that endpoint, configured by the standard OTEL_* variables
 * (OTEL_EXPORTER_OTLP_PROTOCOL http/protobuf or http/json, OTEL_SERVICE_NAME, OTEL_BSP_SCHEDULE_DELAY, ...).
 *
 * Why a preload and not a call in main.ts: instrumentation works by patching `node:http` and `pg` as they are loaded,
 * so it must be in place before them. The API is one esbuild bundle (ADR 013) whose package imports are hoisted to
 * the top of the file and evaluated before any of its code runs, so no call inside it can come first. This file is
 * plain JavaScript, not bundled, and runs before the bundle (or `src/main.ts` under tsx) is loaded.
 */
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  // The API is ECMAScript modules: `import pg from 'pg'` bypasses require(), so the loader hook must see the imports.
  const { register } = await import('node:module');
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  const { HttpInstrumentation } = await import('@opentelemetry/instrumentation-http');
  const { PgInstrumentation } = await import('@opentelemetry/instrumentation-pg');
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME || 'hireline-api',
    instrumentations: [
      // The health probes answer every few seconds and say nothing about a request: no span for them.
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => /^\/portal\/health(\/|\?|$)/.test(req.url ?? '') }),
      // Statement text only, never parameter values: they hold candidates' personal data.
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
    // Traces only: metrics are Prometheus's (METRICS_PORT) and logs are pino's JSON on stdout.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  await waitForAllMessagesAcknowledged();

  // The HTTP instrumentation knows the URL, not the route: server.ts hands it the template (`/portal/v1/jobs/:id`),
  // and the request's span is then named and labelled by it (http.route), as the Prometheus metrics are. Handed over
  // through a global so that the API itself imports nothing of OpenTelemetry when tracing is off.
  const { context } = await import('@opentelemetry/api');
  const { getRPCMetadata } = await import('@opentelemetry/core');
  globalThis[Symbol.for('hireline.traceRoute')] = (route) => {
    const metadata = getRPCMetadata(context.active());
    if (metadata) metadata.route = route;
  };
  // Spans still buffered are sent before the process ends; main.ts exits on SIGTERM after closing the server.
  process.once('beforeExit', () => void sdk.shutdown());
  for (const signal of ['SIGTERM', 'SIGINT']) process.prependOnceListener(signal, () => void sdk.shutdown());
}
