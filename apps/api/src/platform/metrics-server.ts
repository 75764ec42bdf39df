import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MetricsSource {
  contentType: string;
  metrics(): Promise<string>;
}

/**
 * `/metrics` on a port of its own (METRICS_PORT, bound to METRICS_HOST, loopback unless said): the public port never
 * answers it, so nothing about the deployment's traffic leaks to the internet by default, and Prometheus (or a sidecar)
 * reaches it on the private network. Answers the scrape and nothing else.
 */
export async function serveMetrics(source: MetricsSource, port: number, host: string): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    source.metrics().then(
      (body) => res.writeHead(200, { 'content-type': source.contentType }).end(body),
      (err: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${err.message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return { server, port: (server.address() as AddressInfo).port };
}
