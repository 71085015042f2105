/**
 * The raw requester the headless server check is given: node:http / node:https, which (unlike a
 * browser, or fetch) send any Host and Origin header as written. Used only for the checks a page
 * cannot make (DNS-rebinding protection, the CORS preflight as a browser sends it).
 */
import http from 'node:http';
import https from 'node:https';

/**
 * @param {string} url
 * @param {{ method: string, headers: Record<string, string>, body?: string }} init
 * @returns {Promise<{ status: number, headers: Record<string, string>, body: string }>}
 */
export function rawHttp(url, init) {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  const headers = { ...init.headers };
  if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
  return new Promise((resolve, reject) => {
    const request = client.request(
      {
        hostname: target.hostname.replace(/^\[|\]$/g, ''),
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: init.method,
        headers,
        timeout: 10_000,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        // An event stream is read until it ends or for a second at most (the answer comes first).
        const stop = setTimeout(() => response.destroy(), 1000);
        response.on('data', (chunk) => (body += chunk));
        const done = () => {
          clearTimeout(stop);
          /** @type {Record<string, string>} */
          const flat = {};
          for (const [name, value] of Object.entries(response.headers))
            if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
          resolve({ status: response.statusCode ?? 0, headers: flat, body });
        };
        response.on('end', done);
        response.on('close', done);
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer within 10 s')));
    request.on('error', reject);
    if (init.body !== undefined) request.write(init.body);
    request.end();
  });
}
