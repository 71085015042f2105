/**
 * A small static file server for a production build, on loopback: what any static host
 * does (files as they are, no compression, no caching), so the bench measures the build
 * and not a dev server. Directory paths serve their index.html.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.map': 'application/json; charset=utf-8',
};

/**
 * Serves `root` on `host:port` (port 0 picks a free one); over https with `tls` (a key and certificate).
 * `mode` is how the host treats a path that names no file: `pretty` (the default) serves a path
 * without an extension its `.html` file when that exists, as GitHub Pages, Netlify and Cloudflare
 * do; `exact` serves files as named and nothing else (404), as S3, a default nginx and
 * `python -m http.server` do; `spa` answers every unknown path with the root's index.html, as a
 * host with a single-page fallback does. A folder serves its index.html in every mode.
 * @param {{ root: string, host?: string, port?: number, tls?: { key: string, cert: string }, mode?: 'pretty' | 'exact' | 'spa' }} options
 * @returns {Promise<{ url: string, port: number, close(): Promise<void> }>}
 */
export async function serveStatic({ root, host = '127.0.0.1', port = 0, tls, mode = 'pretty' }) {
  const base = path.resolve(root);
  /** @type {import('node:http').RequestListener} */
  const handle = async (req, res) => {
    try {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
      let file = path.resolve(base, `.${pathname}`);
      if (file !== base && !file.startsWith(base + path.sep)) {
        res.writeHead(403).end();
        return;
      }
      let info = await stat(file).catch(() => undefined);
      if (info?.isDirectory()) {
        file = path.join(file, 'index.html');
        info = await stat(file).catch(() => undefined);
      } else if (info === undefined && path.extname(file) === '' && mode === 'pretty') {
        file = `${file}.html`;
        info = await stat(file).catch(() => undefined);
      }
      if (!info?.isFile() && mode === 'spa') {
        file = path.join(base, 'index.html');
        info = await stat(file).catch(() => undefined);
      }
      if (!info?.isFile()) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      res.writeHead(200, {
        'content-type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        'content-length': info.size,
        'cache-control': 'no-store',
      });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file).pipe(res);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  };
  const server = tls ? https.createServer(tls, handle) : http.createServer(handle);
  server.keepAliveTimeout = 1000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `${tls ? 'https' : 'http'}://${host}:${address.port}/`,
    port: address.port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}
