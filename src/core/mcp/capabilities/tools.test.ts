import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start as startWeather } from '../../../../e2e/servers/weather.mjs';
import type { RunningServer } from '../../../../e2e/servers/weather.mjs';
import { CallRegistry } from '../call-registry';
import type { CapabilityHost, CapabilityLoad } from './capability';
import { ToolsCapability } from './tools';
import { NO_INPUT } from './__fixtures__/test-host';

let weather: RunningServer;
let client: Client;
let calls: CallRegistry;
const loaded: Array<[string, CapabilityLoad]> = [];
const TOOL_NAMES = ['get_forecast', 'get_radar', 'get_alert_tone'];

/** A host over one real SDK client: each request is a call in the registry, as the connection runs it. */
const host: CapabilityHost = {
  ...NO_INPUT,
  request: async (spec, run) => {
    const call = calls.begin({ ...spec, ...(spec.toolCallId ? { context: { toolCallId: spec.toolCallId } } : {}) });
    try {
      return await run(client, call);
    } finally {
      calls.end(call);
    }
  },
  loaded: (name, load) => void loaded.push([name, load]),
  warn: () => undefined,
  timeoutMs: () => 5000,
};
const tools = new ToolsCapability(host);

beforeAll(async () => {
  weather = await startWeather();
  calls = new CallRegistry();
  client = new Client({ name: 'test', version: '1' }, { capabilities: {}, ...tools.clientOptions() });
  const transport = new StreamableHTTPClientTransport(new URL(weather.url));
  calls.watch(transport);
  await client.connect(transport);
});
afterAll(async () => {
  await client.close();
  await weather.close();
});

describe('ToolsCapability', () => {
  it('loads the checked tool list and counts its pages', async () => {
    const call = calls.begin({ methods: tools.loadMethods });
    const load = await tools.load(client, call);
    calls.end(call);
    expect(load.state.tools?.map((tool) => tool.name)).toEqual(TOOL_NAMES);
    expect(load.state.toolPages).toBe(1);
    expect(load.warnings).toEqual([]);
  });

  it('calls a tool as a call of its own, its request told apart by its arguments', async () => {
    const result = await tools.call('get_forecast', { city: 'Paris', days: 1 }, { toolCallId: 'toolu_1' });
    expect(JSON.stringify(result)).toContain('Paris');
    const claimed = [...Array(20).keys()].map((id) => calls.of(id)).find((call) => call?.context?.toolCallId === 'toolu_1');
    expect(claimed?.requests.map((request) => request.method)).toEqual(['tools/call']);
  });

  it('refreshes the list through its host when asked (as on list_changed)', async () => {
    loaded.length = 0;
    await tools.refresh();
    expect(loaded.map(([name]) => name)).toEqual(['tools']);
    expect(loaded[0]?.[1].state.tools?.length).toBeGreaterThan(0);
    // The SDK's own refresh is off: the module lists leniently, with the checks.
    expect(tools.clientOptions().listChanged?.tools?.autoRefresh).toBe(false);
  });
});
