/**
 * The demo Service Worker: it answers the page's requests to the two in-page demo servers
 * (https://weather.example.com/mcp, 2025-era with sessions; https://calendar.example.com/mcp,
 * 2026-07-28) with the real SDK servers over their web-standard streamable HTTP transports, so a
 * page on a static host has servers to talk to. It also serves the mocks the page made from its
 * recordings at https://<name>.mock.invalid/mcp (mock-servers.ts). The page's fetch goes through the browser's own
 * pipeline and is recorded like any other; the worker only stands where the network would be.
 * Every other request is left to the browser (no respondWith), so the worker is invisible to them.
 *
 * Built by vite.config.ts as its own file, demo-worker.js, at the app's base (its scope).
 */
// First: zod must be jitless before the servers' schemas exist (see core/mcp/zod-jitless.ts; a host may serve this worker under a CSP without 'unsafe-eval').
import '../core/mcp/zod-jitless';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { CalendarStore, createCalendarServer } from '../demo-servers/calendar.mjs';
import { createWeatherServer } from '../demo-servers/weather.mjs';
import { inPageDemoServer } from '../core/config/demo-servers';
import { withDemoCors } from './cors';
import { createWebSessionEndpoint } from './web-session-endpoint';
import { MockServers } from './mock-servers';
import type { MockWorkerReply, MockWorkerRequest } from '../core/mock';

/** The parts of the Service Worker scope this file uses (the project's TypeScript lib is DOM's). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ServiceWorkerScope {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  addEventListener(
    type: 'install' | 'activate' | 'message',
    listener: (event: ExtendableEvent & { data?: unknown; ports?: readonly MessagePort[] }) => void,
  ): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}
const scope = self as unknown as ServiceWorkerScope;

/** The message the page sends when it is not controlled (a hard reload bypasses the worker): claim it. */
const CLAIM_MESSAGE = 'glassbox:claim';

const weather = createWebSessionEndpoint(createWeatherServer);
const calendarStore = new CalendarStore();
const calendar = createMcpHandler(() => createCalendarServer(calendarStore));
const mocks = new MockServers();

/** Answers a page's question about mocks on the port it sent (see mock-servers.ts). */
async function answerMockRequest(request: MockWorkerRequest, port: MessagePort): Promise<void> {
  try {
    const reply: MockWorkerReply =
      request.type === 'glassbox:mock-put' ? { ok: true, mock: await mocks.put(request.text) } : { ok: true, mocks: await mocks.list() };
    port.postMessage(reply);
  } catch (error) {
    const reply: MockWorkerReply = { ok: false, error: error instanceof Error ? error.message : String(error) };
    port.postMessage(reply);
  }
}

// Take over at once, from the first visit: the page waits for control before it connects.
scope.addEventListener('install', (event) => event.waitUntil(scope.skipWaiting()));
scope.addEventListener('activate', (event) => event.waitUntil(scope.clients.claim()));
scope.addEventListener('message', (event) => {
  if (event.data === CLAIM_MESSAGE) event.waitUntil(scope.clients.claim());
  const data = event.data as Partial<MockWorkerRequest> | undefined;
  const port = event.ports?.[0];
  if (port !== undefined && (data?.type === 'glassbox:mock-put' || data?.type === 'glassbox:mock-list'))
    event.waitUntil(answerMockRequest(data as MockWorkerRequest, port));
});

scope.addEventListener('fetch', (event) => {
  const mock = mocks.labelOf(event.request.url);
  if (mock !== undefined) {
    event.respondWith(withDemoCors(event.request, scope.location.origin, (request) => mocks.fetch(mock, request)));
    return;
  }
  const server = inPageDemoServer(event.request.url);
  if (server === undefined) return;
  const handle = server === 'weather' ? weather : calendar.fetch;
  event.respondWith(withDemoCors(event.request, scope.location.origin, handle));
});
