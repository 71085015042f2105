/**
 * A loopback HTTP proxy that holds each request for a fixed time before passing it on:
 * stands in for the network distance to a remote MCP server, so a bench can tell "connects
 * in parallel" from "the machine's cores are busy" (on loopback a handshake is pure CPU).
 * Responses, event streams included, are passed back as they arrive.
 */
import http from 'node:http';

/**
 * Starts a proxy to `target` (an origin such as http://127.0.0.1:4501) on `port` (0 = free).
 * @param {{ target: string, delayMs: number, host?: string, port?: number }} options
 * @returns {Promise<{ origin: string, close(): Promise<void> }>}
 */
export async function startLatencyProxy({ target, delayMs, host = '127.0.0.1', port = 0 }) {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    req.pause();
    setTimeout(() => {
      const forward = http.request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
        (response) => {
          res.writeHead(response.statusCode ?? 502, response.headers);
          response.pipe(res);
        },
      );
      forward.on('error', (error) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`proxy: ${error.message}`);
      });
      res.on('close', () => forward.destroy());
      req.pipe(forward);
      req.resume();
    }, delayMs);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    origin: `http://${host}:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}
