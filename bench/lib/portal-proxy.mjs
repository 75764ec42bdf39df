import { createServer, request } from 'node:http';
import { createGzip, constants } from 'node:zlib';

/**
 * `--compress`: the portal behind a gzip-compressing reverse proxy, as a load balancer or CDN in front of the API
 * would serve it (the API itself sends every file uncompressed). Text responses (HTML, JS, CSS, JSON, SVG) are
 * gzipped at level 6, the usual default of such proxies; everything else passes through untouched.
 */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml)|image\/svg\+xml)/;

export function startCompressingProxy(target, port) {
  const server = createServer((req, res) => {
    const upstream = request(
      { host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: { ...req.headers, 'accept-encoding': 'identity' } },
      (up) => {
        const type = String(up.headers['content-type'] ?? '');
        const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && COMPRESSIBLE.test(type) && up.statusCode !== 304;
        const headers = { ...up.headers };
        if (gzip) {
          delete headers['content-length'];
          headers['content-encoding'] = 'gzip';
          headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
        }
        res.writeHead(up.statusCode ?? 502, headers);
        if (gzip) up.pipe(createGzip({ level: 6, flush: constants.Z_SYNC_FLUSH })).pipe(res);
        else up.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
