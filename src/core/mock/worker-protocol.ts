/**
 * What the page and its Service Worker say to each other about mocks: the page hands over a mock
 * file or asks for the list (over a MessageChannel port), and the worker tells every page of the
 * origin about each miss on a BroadcastChannel.
 */
import type { McpMock } from './mock-types';

/** The BroadcastChannel misses are told on. */
export const MOCK_CHANNEL = 'glassbox-mocks';

/** A mock the worker serves, as the page lists it. */
export interface MockListing {
  /** The host label: the mock is at `https://<label>.mock.invalid/mcp`. */
  label: string;
  url: string;
  /** The config entry it was recorded under. */
  entry: string;
  /** The server's own name (`serverInfo.name`). */
  serverName?: string;
  recordedAt: string;
  era: McpMock['era'];
  /** Misses since the worker started serving it. */
  misses: number;
}

/** A page's request to the worker. */
export type MockWorkerRequest = { type: 'glassbox:mock-put'; text: string } | { type: 'glassbox:mock-list' };

/** The worker's answer on the port. */
export type MockWorkerReply = { ok: true; mock?: MockListing; mocks?: MockListing[] } | { ok: false; error: string };

/** A miss, told on MOCK_CHANNEL. */
export interface MockMissNotice {
  type: 'miss';
  label: string;
  /** The mock's miss count so far. */
  misses: number;
  /** The miss in one sentence (the nearest recorded request and where it differs). */
  sentence: string;
}

/** What the page's list of mocks shows: the mocks its worker serves, and each one's last miss. */
export interface MockShelfSnapshot {
  readonly mocks: readonly MockListing[];
  /** The last miss's sentence, by label. */
  readonly lastMiss: Readonly<Record<string, string>>;
}
