/** Shared setup of the server tests: one server per test file, and the clients to close after it. */
import { afterAll, beforeAll } from 'vitest';
import type { RunningServer } from './weather.mjs';

/** Something with a close() to run after the file's tests (an SDK client). */
interface Closable {
  close(): Promise<void>;
}

/**
 * Starts a server before the file's tests and, after them, closes every tracked client and then
 * the server. `server()` is the running server (inside tests); `track(client)` registers a client.
 */
export function useServer(start: () => Promise<RunningServer>): {
  server: () => RunningServer;
  track: <T extends Closable>(client: T) => T;
} {
  let running: RunningServer | undefined;
  const clients: Closable[] = [];
  beforeAll(async () => {
    running = await start();
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((client) => client.close()));
    await running?.close();
  });
  return {
    server: () => {
      if (running === undefined) throw new Error('the server is not started yet (use server() inside a test)');
      return running;
    },
    track: (client) => {
      clients.push(client);
      return client;
    },
  };
}

/** Resolves once `check()` is true, polling every 50 ms; rejects after `ms` (default 8 s). */
export async function waitUntil(check: () => boolean, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
