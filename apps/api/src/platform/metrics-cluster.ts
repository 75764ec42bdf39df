import { AggregatorRegistry, type Registry } from 'prom-client';
import type { MetricsSource } from './metrics-server';

/*
 * With API_PROCESSES > 1 (cluster.ts) each worker counts its own requests; Prometheus scrapes the primary, which asks
 * every worker for its registry over the cluster's IPC channel and answers the sum (gauges marked otherwise, e.g. the
 * database's, by their own aggregator). prom-client does the exchange; a worker that does not answer within its
 * timeout fails that scrape rather than under-reporting silently.
 */

/** In the primary: the source that aggregates every worker's metrics. */
export function clusterMetrics(): MetricsSource {
  const aggregator = new AggregatorRegistry();
  return { contentType: aggregator.contentType, metrics: () => aggregator.clusterMetrics() };
}

/** In a worker: answer the primary's requests with this registry (constructing the aggregator installs the listener). */
export function exposeToPrimary(registry: Registry) {
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}
