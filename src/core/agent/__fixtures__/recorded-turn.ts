/**
 * A session with one recorded Anthropic turn that called the weather forecast for Paris, made
 * over real HTTP against the scripted model server through a real recording fetch, with a real
 * registry and policy store, and a replay store on it. The MCP side is a function that counts calls.
 */
import { memoryStorage } from '../../shared/key-value-storage';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { start, type ModelServerHandle } from '../../../../e2e/servers/model-server.mjs';
import type { ProviderId } from '../../providers';
import { PolicyStore, ToolRegistry } from '../../tools';
import { createWireTap, SecretRegistry, TrafficLog } from '../../traffic';
import type { CallContext } from '../../traffic';
import { AgentSession } from '../agent-session';
import { ReplayStore } from '../replay-store';
import { counterIds, turnServices, type AgentSessionDeps } from '../session-services';

/** Starts the scripted model server for a test file (reset before each test); returns it once started. */
export function scriptedModelServer(): () => ModelServerHandle {
  let server: ModelServerHandle | undefined;
  beforeAll(async () => {
    server = await start({ port: 0, chunkDelayMs: 1 });
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => server?.reset());
  return () => {
    if (server === undefined) throw new Error('The scripted model server starts in beforeAll.');
    return server;
  };
}

/** The forecast tool's public name. */
export const FORECAST = 'weather_get_forecast';

/** Records the turn; `policy` is the forecast's policy after it (the turn itself runs allowed). */
export async function recordedTurn(server: ModelServerHandle, policy: 'allow' | 'ask' = 'allow') {
  const log = new TrafficLog();
  const secrets = new SecretRegistry();
  const modelFetch = (source: ProviderId, context: CallContext) =>
    createWireTap({ log, wire: 'model', source, secrets, context })(fetch) as typeof fetch;
  const registry = new ToolRegistry();
  registry.setServerTools('weather', [
    {
      name: 'get_forecast',
      description: 'Forecast for a city.',
      inputSchema: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'] },
    },
  ]);
  const policies = new PolicyStore({ storage: memoryStorage() });
  policies.setPolicy('weather', 'get_forecast', 'allow');
  const mcpCalls: Array<Record<string, unknown>> = [];
  const deps: AgentSessionDeps = {
    registry,
    policies,
    callMcpTool: async (_server, _tool, args) => {
      mcpCalls.push(args);
      return { content: [{ type: 'text', text: `Sunny in ${String(args['city'])}` }] };
    },
    modelFetch,
    sleep: async () => undefined,
    initialSettings: { provider: 'anthropic', model: 'claude-test', baseUrl: server.url, apiKey: 'test-key' },
  };
  const session = new AgentSession(deps);
  server.setScript([{ toolCalls: [{ name: FORECAST, input: { city: 'Paris', days: 1 } }] }, { text: 'Sunny: take sunglasses.' }]);
  await session.send('Weather in Paris?');
  policies.setPolicy('weather', 'get_forecast', policy);
  const replays = new ReplayStore({ session, log, services: turnServices(deps, () => Date.now(), counterIds()) });
  return { session, log, replays, mcpCalls };
}
