/**
 * Opens one page in a Chromium that no automation is attached to, and collects what the page
 * posts back. Under Playwright (the DevTools protocol), Chromium reports every request to the
 * driver: the page's process, the browser's and the driver's each do work per request that a
 * person's browser does not. Measures made of many requests at once (ten servers connecting)
 * run here instead; the page runs them by itself and posts progress lines and the result.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

/** Flags Playwright passes for pages that keep running at full speed; a plain launch needs them too. */
const FULL_SPEED_ARGS = [
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
];

/**
 * Runs the page at `pageUrl(reportUrl)` in a fresh headless Chromium profile and resolves with
 * the `result` it posts (rejects with its `error`, on a timeout, or if Chromium exits first).
 * @param {{ executablePath: string, args: string[], pageUrl: (report: string) => string, host?: string, timeoutMs?: number, onProgress?: (line: string) => void }} options
 * @returns {Promise<unknown>}
 */
export async function runUnwatchedPage({ executablePath, args, pageUrl, host = '127.0.0.1', timeoutMs = 10 * 60_000, onProgress }) {
  /** @type {(value: unknown) => void} */
  let resolve = () => undefined;
  /** @type {(error: Error) => void} */
  let reject = () => undefined;
  const outcome = new Promise((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      res.writeHead(204).end();
      /** @type {{ progress?: string, result?: unknown, error?: string }} */
      let message;
      try {
        message = JSON.parse(body);
      } catch {
        return;
      }
      if (typeof message.progress === 'string') onProgress?.(message.progress);
      else if (message.error !== undefined) reject(new Error(`the page failed: ${message.error}`));
      else if ('result' in message) resolve(message.result);
    });
  });
  await new Promise((ok) => server.listen(0, host, () => ok(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const report = `http://${host}:${address.port}/report`;
  const profile = await mkdtemp(path.join(os.tmpdir(), 'glassbox-bench-'));
  const child = spawn(executablePath, [...args, ...FULL_SPEED_ARGS, '--headless', `--user-data-dir=${profile}`, pageUrl(report)], {
    stdio: ['ignore', 'ignore', 'pipe'],
    // Its own process group, so that stopping it stops its helper processes too.
    detached: true,
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  let started = true;
  const exited = new Promise((ok) => child.once('exit', ok));
  child.once('error', (error) => {
    started = false;
    reject(new Error(`Chromium did not start (${executablePath}): ${error.message}`));
  });
  void exited.then((code) => reject(new Error(`Chromium exited (${String(code)}) before the page reported.\n${stderr}`)));
  const timer = setTimeout(() => reject(new Error(`the page did not report within ${timeoutMs / 1000} s.\n${stderr}`)), timeoutMs);
  try {
    return await outcome;
  } finally {
    clearTimeout(timer);
    if (started && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-(/** @type {number} */ (child.pid)), 'SIGTERM');
      } catch {
        child.kill();
      }
      await exited;
    }
    await new Promise((ok) => server.close(() => ok(undefined)));
    // Chromium's helper processes may still be writing to the profile for a moment after it exits.
    await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}
