// One server slot: starts and stops take turns, so requests racing each other never leave two children.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { ServerSlot, type BridgeEvent } from './server-slot';
import { CRASHING, isAlive, waitUntil } from './test-kit';

const events: BridgeEvent[] = [];
const slot = new ServerSlot({ name: 'crashing', ...CRASHING, env: {}, launch: { ...CRASHING, env: {} } }, (event) => events.push(event));
const spawned = () => events.flatMap((event) => (event.event === 'spawn' ? [event.pid] : []));
afterAll(async () => {
  await slot.stop();
  for (const pid of spawned()) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone, as it should be
    }
  }
});

const INITIALIZE = {
  jsonrpc: '2.0',
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'race', version: '1' } },
};

describe('ServerSlot', { timeout: 60_000 }, () => {
  it('two initializes handed over in the same tick leave one child running', async () => {
    // A server that holds requests until both have arrived, then gives both to the slot at once.
    const held: Array<[IncomingMessage, ServerResponse, unknown]> = [];
    const server = createServer(async (req, res) => {
      let text = '';
      for await (const chunk of req) text += String(chunk);
      held.push([req, res, JSON.parse(text)]);
      if (held.length === 2) for (const [request, response, body] of held) void slot.handle(request, response, body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/`;
    const post = (id: number) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ ...INITIALIZE, id }),
      });
    const answers = await Promise.all([post(1), post(2)]);
    await Promise.all(answers.map((answer) => answer.text()));
    server.closeAllConnections();
    server.close();

    expect(spawned()).toHaveLength(2);
    await waitUntil(() => spawned().filter((pid) => isAlive(pid)).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const alive = spawned().filter((pid) => isAlive(pid));
    expect(alive).toHaveLength(1);
    expect(slot.describe()).toMatchObject({ status: 'running', pid: alive[0] });
  });
});
