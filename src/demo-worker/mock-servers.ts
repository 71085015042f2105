/**
 * The mocks this page serves at `https://<name>.mock.invalid/mcp`: each mock file the page hands
 * over is kept in IndexedDB (the browser stops an idle worker, and a mock must outlive it) and
 * answered by core/mock's HTTP handler. A miss is told to every page of the origin on the
 * `glassbox-mocks` BroadcastChannel, so a card can count them.
 */
import { mockLabelOfUrl, mockUrl } from '../core/config';
import {
  createMockHttpHandler,
  MOCK_CHANNEL,
  parseMock,
  type McpMock,
  type MockHttpHandler,
  type MockListing,
  type MockMissNotice,
} from '../core/mock';

const DATABASE = 'glassbox-mocks';
const STORE = 'mocks';

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB would not open'));
  });
}

function inStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return openDatabase().then(
    (database) =>
      new Promise<T>((resolve, reject) => {
        const request = run(database.transaction(STORE, mode).objectStore(STORE));
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
      }),
  );
}

/** The running mocks, by host label. */
export class MockServers {
  private readonly running = new Map<string, { mock: McpMock; handler: MockHttpHandler }>();
  private readonly channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(MOCK_CHANNEL);

  /** The mock's label if `url` is a mock address. */
  labelOf(url: string): string | undefined {
    return mockLabelOfUrl(url);
  }

  /** Answers a request to the mock at `label` (loading it from storage after a worker restart). */
  async fetch(label: string, request: Request): Promise<Response> {
    const running = this.running.get(label) ?? (await this.load(label));
    if (running === undefined) {
      return new Response(
        JSON.stringify({
          jsonrpc: '2.0',
          error: {
            code: -32000,
            message: `No mock is loaded at ${mockUrl(label)} in this browser: make one with "Make a mock", or open its .mcp-mock.json.`,
          },
          id: null,
        }),
        { status: 404, headers: { 'Content-Type': 'application/json' } },
      );
    }
    return running.handler.fetch(request);
  }

  /** Keeps a mock file and serves it (replacing the one at its label). Throws MockFileError for a bad file. */
  async put(text: string): Promise<MockListing> {
    const mock = parseMock(text);
    const label = mockLabelOfUrl(mockUrl(mock.server.entry)) as string;
    await inStore('readwrite', (store) => store.put(text, label));
    this.running.get(label)?.handler.close();
    return this.listing(label, this.start(label, mock).mock);
  }

  /** Every mock kept. */
  async list(): Promise<MockListing[]> {
    const labels = (await inStore('readonly', (store) => store.getAllKeys())).map(String);
    const listings: MockListing[] = [];
    for (const label of labels) {
      const running = this.running.get(label) ?? (await this.load(label));
      if (running) listings.push(this.listing(label, running.mock));
    }
    return listings;
  }

  private listing(label: string, mock: McpMock): MockListing {
    return {
      label,
      url: mockUrl(label),
      entry: mock.server.entry,
      ...(mock.server.name !== undefined ? { serverName: mock.server.name } : {}),
      recordedAt: mock.recordedAt,
      era: mock.era,
      misses: this.running.get(label)?.handler.misses ?? 0,
    };
  }

  private async load(label: string): Promise<{ mock: McpMock; handler: MockHttpHandler } | undefined> {
    const text = await inStore<unknown>('readonly', (store) => store.get(label)).catch(() => undefined);
    if (typeof text !== 'string') return undefined;
    try {
      return this.running.get(label) ?? this.start(label, parseMock(text));
    } catch {
      return undefined;
    }
  }

  private start(label: string, mock: McpMock) {
    const handler = createMockHttpHandler(mock, {
      onMiss: (miss) => {
        const notice: MockMissNotice = { type: 'miss', label, misses: handler.misses, sentence: miss.sentence };
        this.channel?.postMessage(notice);
      },
    });
    const running = { mock, handler };
    this.running.set(label, running);
    return running;
  }
}
