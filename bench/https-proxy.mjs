/**
 * A loopback HTTPS proxy in front of an MCP server that speaks plain HTTP, so a browser reaches
 * it as it reaches remote servers: over HTTP/2 (HTTP/1.1 still offered). Over HTTP/1.1 a browser
 * opens at most 6 connections per origin, so an 8th concurrent request waits for one to free;
 * over HTTP/2 every request is a stream on one connection.
 * Responses, event streams included, are passed back as they arrive.
 */
import http from 'node:http';
import http2 from 'node:http2';
import selfsigned from 'selfsigned';

/** Headers that belong to one HTTP/1.1 connection and may not be forwarded (HTTP/2 forbids them). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'http2-settings']);

/**
 * A self-signed certificate for 127.0.0.1 and localhost, made fresh (nothing secret is stored).
 * Browsers must be told to accept it (Playwright: `ignoreHTTPSErrors`).
 * @returns {Promise<{ key: string, cert: string }>}
 */
export async function loopbackCertificate() {
  const notAfter = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: notAfter,
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

/**
 * Starts a proxy to `target` (an origin such as http://127.0.0.1:4501) on `port` (0 = free),
 * serving HTTPS with the certificate `tls`.
 * @param {{ target: string, tls: { key: string, cert: string }, host?: string, port?: number }} options
 * @returns {Promise<{ origin: string, close(): Promise<void> }>}
 */
export async function startHttpsProxy({ target, tls, host = '127.0.0.1', port = 0 }) {
  const upstream = new URL(target);
  /** @type {Set<import('node:net').Socket | import('node:tls').TLSSocket>} */
  const sockets = new Set();
  /**
   * @param {http.IncomingMessage | http2.Http2ServerRequest} req
   * @param {http.ServerResponse | http2.Http2ServerResponse} res
   */
  const handle = (req, res) => {
    /** @type {Record<string, string | string[]>} */
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (name.startsWith(':') || HOP_BY_HOP.has(name) || value === undefined) continue;
      headers[name] = value;
    }
    headers.host = upstream.host;
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (response) => {
        /** @type {Record<string, string | string[]>} */
        const back = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) back[name] = value;
        }
        res.writeHead(response.statusCode ?? 502, back);
        // An event stream may stay quiet for long: the client must see the headers now.
        res.flushHeaders();
        response.pipe(/** @type {NodeJS.WritableStream} */ (res));
      },
    );
    forward.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`proxy: ${error.message}`);
    });
    res.on('close', () => forward.destroy());
    req.pipe(forward);
  };
  const server = http2.createSecureServer({ key: tls.key, cert: tls.cert, allowHTTP1: true }, handle);
  server.on('secureConnection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    origin: `https://${host}:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve(undefined));
      }),
  };
}
