/**
 * The page's side of the mocks its Service Worker serves: hands a mock file to the worker (which
 * keeps it and serves it at `https://<name>.mock.invalid/mcp`), lists what it serves, and counts
 * the misses the worker tells on its channel. A store (`subscribe`/`getSnapshot`) the cards read.
 */
import { Listeners } from '../core/shared';
import {
  MOCK_CHANNEL,
  type MockListing,
  type MockMissNotice,
  type MockShelfSnapshot,
  type MockWorkerReply,
  type MockWorkerRequest,
} from '../core/mock';
import { demoWorkerReady } from './demo-worker-client';

/** How long the page waits for the worker's answer. */
const ANSWER_TIMEOUT_MS = 10_000;

/** Sends one request to the controlling worker and waits for its answer. */
async function ask(request: MockWorkerRequest): Promise<MockWorkerReply> {
  await demoWorkerReady();
  const worker = navigator.serviceWorker.controller;
  if (worker === null) throw new Error('The Service Worker that serves mocks does not control this page: reload it.');
  const channel = new MessageChannel();
  return new Promise<MockWorkerReply>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The Service Worker that serves mocks did not answer.')), ANSWER_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<MockWorkerReply>) => {
      clearTimeout(timer);
      resolve(event.data);
    };
    worker.postMessage(request, [channel.port2]);
  });
}

/** The mocks this page's worker serves (see the file comment). One per page. */
export class MockShelf {
  private snapshot: MockShelfSnapshot = { mocks: [], lastMiss: {} };
  private readonly listeners = new Listeners();
  private channel: BroadcastChannel | undefined;
  private refreshing: Promise<void> | undefined;

  subscribe = (listener: () => void): (() => void) => {
    this.listen();
    const remove = this.listeners.subscribe(listener);
    void this.refresh();
    return remove;
  };

  getSnapshot = (): MockShelfSnapshot => this.snapshot;

  /** Hands a mock file to the worker; resolves with its listing, rejects with the worker's reason (a bad file). */
  async add(text: string): Promise<MockListing> {
    const reply = await ask({ type: 'glassbox:mock-put', text });
    if (!reply.ok) throw new Error(reply.error);
    const added = reply.mock as MockListing;
    this.update({ mocks: [...this.snapshot.mocks.filter((mock) => mock.label !== added.label), added] });
    return added;
  }

  /** Reads the worker's list again (once at a time). */
  refresh(): Promise<void> {
    this.refreshing ??= ask({ type: 'glassbox:mock-list' })
      .then((reply) => {
        if (reply.ok && reply.mocks) this.update({ mocks: reply.mocks });
      })
      .catch(() => {})
      .finally(() => {
        this.refreshing = undefined;
      });
    return this.refreshing;
  }

  private listen(): void {
    if (this.channel !== undefined || typeof BroadcastChannel === 'undefined') return;
    this.channel = new BroadcastChannel(MOCK_CHANNEL);
    this.channel.onmessage = (event: MessageEvent<MockMissNotice>) => {
      const notice = event.data;
      if (notice?.type !== 'miss') return;
      if (!this.snapshot.mocks.some((mock) => mock.label === notice.label)) void this.refresh();
      this.update({
        mocks: this.snapshot.mocks.map((mock) => (mock.label === notice.label ? { ...mock, misses: notice.misses } : mock)),
        lastMiss: { ...this.snapshot.lastMiss, [notice.label]: notice.sentence },
      });
    };
  }

  private update(change: Partial<MockShelfSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    this.listeners.notify();
  }
}
