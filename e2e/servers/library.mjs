/**
 * A 2026-07-28-era MCP server ("library") with resources, a resource template, completions and a
 * prompt, plus the bad inputs a client must survive: a 20 MB resource, a resource whose read
 * fails with a server error, and a template variable the server refuses. A ticker note changes
 * when the `turn_page` tool runs, announced as `notifications/resources/updated` on the
 * `subscriptions/listen` streams that subscribed to it (2026 resource subscriptions). v2 SDK
 * `createMcpHandler` (stateless) behind node:http, at /mcp, like calendar.mjs.
 *
 * Run: node e2e/servers/library.mjs --port 3107
 */
import { toNodeHandler } from '@modelcontextprotocol/node';
import { completable, createMcpHandler, McpServer, ProtocolError, ResourceTemplate } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { isMain, runCli, serveMcpEndpoint } from './http-kit.mjs';

/** Server name and version reported in serverInfo. */
const LIBRARY_SERVER_INFO = { name: 'library', version: '1.0.0' };

/** The books the template serves, by ISBN. */
const BOOKS = {
  9780140449136: 'The Odyssey',
  9780141439518: 'Pride and Prejudice',
  9780451524935: 'Nineteen Eighty-Four',
};

/** The text of the welcome note (what a test looks for on the model wire). */
export const WELCOME_TEXT = 'Welcome to the library: quiet please, the books are listening.';

/** The resource that changes (each `turn_page` call), and its text at a page. */
export const TICKER_URI = 'library://notes/ticker';
export const tickerText = (/** @type {number} */ page) => `The reader is on page ${page}.`;

/** Size of the huge resource: 20 MiB. */
export const HUGE_BYTES = 20 * 1024 * 1024;

/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let huge;
/** The 20 MiB blob, made once (base64 of zeros). */
const hugeBlob = () => (huge ??= Buffer.alloc(HUGE_BYTES).toString('base64'));

/**
 * Builds one library McpServer (createMcpHandler asks for one per request) over the shared ticker.
 * @param {{ page: number }} [ticker] The ticker's state (shared by the requests of one started server).
 * @param {(uri: string) => void} [updated] Announces a resource's change on the listen streams.
 */
function createLibraryServer(ticker = { page: 1 }, updated = () => undefined) {
  const server = new McpServer(LIBRARY_SERVER_INFO, {
    capabilities: { resources: { subscribe: true } },
    instructions: 'A small library: notes, a catalog, covers, and a librarian prompt.',
  });
  const text = (uri, mimeType, body) => ({ contents: [{ uri: uri.href, mimeType, text: body }] });

  server.registerResource('welcome', 'library://notes/welcome', { title: 'Welcome note', mimeType: 'text/markdown' }, (uri) =>
    text(uri, 'text/markdown', WELCOME_TEXT),
  );
  server.registerResource('catalog', 'library://catalog.json', { title: 'Catalog', mimeType: 'application/json' }, (uri) =>
    text(uri, 'application/json', JSON.stringify({ books: Object.entries(BOOKS).map(([isbn, title]) => ({ isbn, title })) })),
  );
  server.registerResource('cover', 'library://cover.png', { title: 'Cover', mimeType: 'image/png' }, (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'image/png', blob: PNG }],
  }));
  server.registerResource(
    'huge',
    'library://archive/huge.bin',
    { title: 'Huge archive (20 MB)', mimeType: 'application/octet-stream', size: HUGE_BYTES },
    (uri) => ({
      contents: [{ uri: uri.href, mimeType: 'application/octet-stream', blob: hugeBlob() }],
    }),
  );
  server.registerResource('broken', 'library://broken', { title: 'Broken shelf', mimeType: 'text/plain' }, () => {
    throw new ProtocolError(-32603, 'The shelf collapsed while reading');
  });
  server.registerResource('ticker', TICKER_URI, { title: 'Ticker (changes with turn_page)', mimeType: 'text/plain' }, (uri) =>
    text(uri, 'text/plain', tickerText(ticker.page)),
  );
  server.registerTool(
    'turn_page',
    { title: 'Turn a page', description: 'Turns the ticker to the next page and announces the update.', inputSchema: z.object({}) },
    async () => {
      ticker.page += 1;
      updated(TICKER_URI);
      return { content: [{ type: 'text', text: tickerText(ticker.page) }] };
    },
  );
  server.registerResource(
    'book',
    new ResourceTemplate('library://books/{isbn}', {
      list: undefined,
      complete: { isbn: (value) => Object.keys(BOOKS).filter((isbn) => isbn.startsWith(value)) },
    }),
    { title: 'A book by ISBN', mimeType: 'text/plain' },
    (uri, { isbn }) => {
      const title = BOOKS[String(isbn)];
      if (!title) throw new ProtocolError(-32602, `No book with ISBN ${String(isbn)}: an ISBN is 13 digits from the catalog`);
      return text(uri, 'text/plain', `${title} (ISBN ${String(isbn)})`);
    },
  );

  server.registerPrompt(
    'recommend',
    {
      title: 'Recommend a book',
      description: 'Asks for a recommendation in a genre, with the catalog attached.',
      argsSchema: z.object({
        genre: completable(z.string().describe('Genre'), (value) =>
          ['epic', 'romance', 'dystopia'].filter((genre) => genre.startsWith(value)),
        ),
        mood: z.string().describe('Mood').optional(),
      }),
    },
    ({ genre, mood }) => ({
      messages: [
        {
          role: 'user',
          content: { type: 'text', text: `Recommend one ${genre} book${mood ? ` for a ${mood} mood` : ''} from our catalog.` },
        },
        {
          role: 'user',
          content: { type: 'resource', resource: { uri: 'library://notes/welcome', mimeType: 'text/markdown', text: WELCOME_TEXT } },
        },
      ],
    }),
  );
  return server;
}

/**
 * Starts the library server. Port 0 picks a free port; `url` is the real endpoint URL.
 * @param {{ host?: string, port?: number, cors?: import('./cors.mjs').CorsOptions }} [options]
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export async function start({ host = '127.0.0.1', port = 0, cors = {} } = {}) {
  const ticker = { page: 1 };
  const handler = createMcpHandler(() => createLibraryServer(ticker, (uri) => handler.notify.resourceUpdated(uri)), {
    onerror: (error) => {
      if (process.env.MCP_SERVER_DEBUG) console.error('library:', error.message);
    },
  });
  return serveMcpEndpoint({ name: 'library', handle: toNodeHandler(handler), close: () => handler.close(), host, port, cors });
}

if (isMain(import.meta.url)) await runCli(start, { name: 'library', port: 3107 });
