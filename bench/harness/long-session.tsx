/**
 * The long-session measures (issue 18): a scripted turn of many steps, each resending the whole
 * conversation with one more 20 KB tool result, sent through the real wire tap to the scripted
 * model server and recorded in a traffic log that keeps bodies in shared parts, saved to
 * IndexedDB by the real SessionPersistence. Then the saved session is restored on a fresh page,
 * the model wire panel renders it, its list scrolls and the last request's detail opens; and the
 * token bill of 100 tools is counted offline with the OpenAI counter the app loads.
 */
import { createRoot } from 'react-dom/client';
import { openIndexedDbBackend } from '../../src/core/persistence';
import { SessionPersistence } from '../../src/core/persistence';
import { entriesKeyOf } from '../../src/core/providers';
import { createWireTap, SecretRegistry, TrafficLog } from '../../src/core/traffic';
import { ModelTrafficPanel } from '../../src/features/model-traffic';

const DATABASE = 'glassbox-bench-long';

/** A conversation the persistence saves alongside the traffic; the bench measures the traffic. */
const EMPTY_SESSION = {
  subscribe: () => () => {},
  getSnapshot: () => EMPTY_ITEMS,
  exportData: () => ({ version: 1, items: [] }) as never,
  importData: () => ({ problems: [] }),
};
const EMPTY_ITEMS = { items: [] };

/** A traffic log like the app's: model bodies kept in shared parts. */
function appLikeLog(): TrafficLog {
  return new TrafficLog({ entriesKeyOf: (exchange) => entriesKeyOf(exchange.source) });
}

/** The result of an IndexedDB request. */
function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** The size of everything stored, as the JSON text of each value (characters). */
async function storedBytes(): Promise<number> {
  const db = await settled(indexedDB.open(DATABASE));
  const values = await settled(db.transaction('session', 'readonly').objectStore('session').getAll());
  db.close();
  return (values as unknown[]).reduce<number>((sum, value) => sum + JSON.stringify(value).length, 0);
}

function heapBytes(): number | undefined {
  window.gc?.();
  return performance.memory?.usedJSHeapSize;
}

/** What one checkpoint of the turn measured. */
export interface LongCheckpoint {
  steps: number;
  storedBytes: number;
  heapBytes?: number;
}

/** Runs the scripted turn; `checkpoints` are step counts at which the session is saved and measured. */
export async function longTurn(options: { modelUrl: string; steps: number; resultBytes: number; checkpoints: number[] }): Promise<{ checkpoints: LongCheckpoint[]; turnMs: number; lastBodyBytes: number }> {
  await new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(DATABASE);
    request.onsuccess = request.onerror = request.onblocked = () => resolve(undefined);
  });
  const backend = await openIndexedDbBackend({ databaseName: DATABASE });
  const log = appLikeLog();
  const persistence = new SessionPersistence({ log, session: EMPTY_SESSION, backend });
  persistence.start();
  const secrets = new SecretRegistry();
  const tools = Array.from({ length: 5 }, (_, index) => ({ name: `tool_${index}`, description: `Tool ${index}`, input_schema: { type: 'object', properties: { q: { type: 'string' } } } }));
  const messages: unknown[] = [{ role: 'user', content: 'Run the long job.' }];
  const checkpoints: LongCheckpoint[] = [];
  const started = performance.now();
  let lastBodyBytes = 0;
  for (let step = 1; step <= options.steps; step++) {
    const body = JSON.stringify({ model: 'claude-test', max_tokens: 1024, system: 'Run every step.', tools, messages, stream: false });
    lastBodyBytes = body.length;
    const tapped = createWireTap({ log, wire: 'model', source: 'anthropic', secrets, context: { turn: 1, step } })(fetch.bind(window));
    const response = await tapped(`${options.modelUrl}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'bench-key', 'anthropic-version': '2023-06-01', 'anthropic-dangerous-direct-browser-access': 'true' },
      body,
    });
    await response.text();
    const id = `toolu_${step}`;
    messages.push({ role: 'assistant', content: [{ type: 'tool_use', id, name: 'tool_0', input: { q: `step ${step}` } }] });
    messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: `${step} `.padEnd(options.resultBytes, 'abcdefghij') }] });
    if (options.checkpoints.includes(step)) {
      await persistence.flush();
      checkpoints.push({ steps: step, storedBytes: await storedBytes(), heapBytes: heapBytes() });
    }
  }
  persistence.stop();
  return { checkpoints, turnMs: performance.now() - started, lastBodyBytes };
}

/** Restores the saved turn into a fresh log and renders the model wire panel with it (a reload). */
export async function longRestore(): Promise<{ restoreMs: number; exchanges: number }> {
  const started = performance.now();
  const backend = await openIndexedDbBackend({ databaseName: DATABASE });
  const log = appLikeLog();
  const persistence = new SessionPersistence({ log, session: EMPTY_SESSION, backend });
  const result = await persistence.restore();
  createRoot(document.getElementById('root')!).render(
    <div className="bench-traffic">
      <ModelTrafficPanel log={log} appVersion="bench" />
    </div>,
  );
  await waitForRows();
  return { restoreMs: performance.now() - started, exchanges: result.counts.exchanges };
}

async function waitForRows(): Promise<void> {
  while (document.querySelector('[data-testid="model-row"]') === null) await new Promise((resolve) => requestAnimationFrame(resolve));
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** Opens the detail of the last request row: the time until it is painted. */
export async function openLastRequest(): Promise<{ ms: number }> {
  const rows = document.querySelectorAll<HTMLElement>('[data-testid="model-row"][data-kind="request"]');
  const last = rows[rows.length - 1];
  if (!last) throw new Error('no request row');
  const started = performance.now();
  last.click();
  while (document.querySelector('[data-testid="model-request-detail"]') === null) await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return { ms: performance.now() - started };
}

/** Counts the token bill of `count` tool definitions offline (Chat Completions), as the token bill does. */
export async function toolBillOffline(count: number): Promise<{ ms: number; total: number }> {
  const { countOpenAIDefinition } = await import('../../src/features/token-bill/openai-counter');
  const countDefinitionTokens = (list: typeof definitions) => list.reduce((sum, definition) => sum + countOpenAIDefinition(definition), 0);
  const definitions = Array.from({ length: count }, (_, index) => ({
    name: `server_tool_${index}`,
    description: `Looks up record ${index} by id and returns its fields; use it when the person asks about record ${index}.`,
    inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'The record id' }, fields: { type: 'array', items: { type: 'string' } } }, required: ['id'] },
  }));
  countDefinitionTokens(definitions.slice(0, 1)); // the encoder's tables, loaded once (not counted)
  const started = performance.now();
  const total = countDefinitionTokens(definitions);
  return { ms: performance.now() - started, total };
}
