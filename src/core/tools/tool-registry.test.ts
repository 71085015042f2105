import type { Tool } from '@modelcontextprotocol/client';
import { describe, expect, it, vi } from 'vitest';
import { LOCAL_SERVER, ToolRegistry, ToolRegistryError } from './tool-registry';
import type { McpToolInfo } from '../mcp';
import type { LocalToolDefinition } from './types';

const forecast: McpToolInfo = {
  name: 'get_forecast',
  title: 'Forecast',
  description: 'Weather forecast for a city.',
  inputSchema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: { city: { type: 'string' }, days: { type: 'integer', maximum: 7 } },
    required: ['city'],
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
};

const ping: McpToolInfo = { name: 'ping', inputSchema: { type: 'object' } };

function localTool(name: string): LocalToolDefinition {
  return {
    name,
    description: `Local ${name}`,
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    run: async () => ({ content: [{ type: 'text', text: 'ok' }] }),
  };
}

describe('ToolRegistry', () => {
  it('registers server tools under public names and resolves them back', () => {
    const registry = new ToolRegistry();
    registry.setServerTools('weather', [forecast, ping]);
    registry.setServerTools('my.company-server', [{ name: 'search.docs', description: 'Search', inputSchema: { type: 'object' } }]);

    // Ordered by server name, whichever connected first (a repro replays the same requests byte for byte).
    expect(registry.list().map((tool) => [tool.publicName, tool.server, tool.remoteName])).toEqual([
      ['my_company-server_search_docs', 'my.company-server', 'search.docs'],
      ['weather_get_forecast', 'weather', 'get_forecast'],
      ['weather_ping', 'weather', 'ping'],
    ]);
    const other = new ToolRegistry();
    other.setServerTools('my.company-server', [{ name: 'search.docs', description: 'Search', inputSchema: { type: 'object' } }]);
    other.setServerTools('weather', [forecast, ping]);
    expect(other.list().map((tool) => tool.publicName)).toEqual(registry.list().map((tool) => tool.publicName));
    const resolved = registry.resolve('my_company-server_search_docs');
    expect(resolved).toMatchObject({ origin: 'mcp', server: 'my.company-server', remoteName: 'search.docs' });
    expect(registry.resolve('search.docs')).toBeUndefined();
  });

  it('keeps the original schema for validation and a provider copy for each format', () => {
    const registry = new ToolRegistry();
    registry.setServerTools('weather', [forecast]);
    const tool = registry.resolve('weather_get_forecast');
    expect(tool?.inputSchema).toBe(forecast.inputSchema);
    expect(tool?.providerSchemas.anthropic.schema).not.toHaveProperty('$schema');
    expect(tool?.providerSchemas.openai.warnings.every((warning) => warning.subject === 'weather_get_forecast')).toBe(true);
  });

  it('builds the definitions each provider receives', () => {
    const registry = new ToolRegistry();
    registry.registerLocalTool(localTool('add_reminder'));
    registry.setServerTools('weather', [forecast, ping]);
    const anthropic = registry.definitionsFor('anthropic');
    expect(anthropic).toMatchInlineSnapshot(`
      [
        {
          "description": "Local add_reminder",
          "inputSchema": {
            "additionalProperties": false,
            "properties": {},
            "type": "object",
          },
          "name": "add_reminder",
        },
        {
          "description": "Weather forecast for a city.",
          "inputSchema": {
            "properties": {
              "city": {
                "type": "string",
              },
              "days": {
                "maximum": 7,
                "type": "integer",
              },
            },
            "required": [
              "city",
            ],
            "type": "object",
          },
          "name": "weather_get_forecast",
        },
        {
          "description": "",
          "inputSchema": {
            "type": "object",
          },
          "name": "weather_ping",
        },
      ]
    `);
    // OpenAI takes the same definitions, except that every object schema lists its properties.
    expect(registry.definitionsFor('openai')).toEqual(
      anthropic.map((definition) =>
        definition.name === 'weather_ping' ? { ...definition, inputSchema: { type: 'object', properties: {} } } : definition,
      ),
    );
  });

  it('filters definitions on request (e.g. leaving out denied tools)', () => {
    const registry = new ToolRegistry();
    registry.setServerTools('weather', [forecast, ping]);
    expect(registry.definitionsFor('openai', (tool) => tool.remoteName !== 'ping').map((definition) => definition.name)).toEqual([
      'weather_get_forecast',
    ]);
  });

  it('lists local tools first under their own names, and keeps server names clear of them', () => {
    const registry = new ToolRegistry();
    registry.setServerTools('add', [{ name: 'reminder', inputSchema: { type: 'object' } }]);
    expect(registry.list()[0]?.publicName).toBe('add_reminder');
    registry.registerLocalTool(localTool('add_reminder'));
    expect(registry.list().map((tool) => [tool.publicName, tool.origin, tool.server])).toEqual([
      ['add_reminder', 'local', LOCAL_SERVER],
      ['add_reminder_2', 'mcp', 'add'],
    ]);
    const local = registry.resolve('add_reminder');
    expect(local?.origin === 'local' && typeof local.run).toBe('function');
  });

  it('refuses a server named like the local tools, and bad or duplicate local tools', () => {
    const registry = new ToolRegistry();
    expect(() => registry.setServerTools(LOCAL_SERVER, [ping])).toThrow(ToolRegistryError);
    try {
      registry.setServerTools(LOCAL_SERVER, [ping]);
    } catch (error) {
      expect((error as ToolRegistryError).code).toBe('reserved-server-name');
    }
    expect(() => registry.registerLocalTool(localTool('bad name'))).toThrow(expect.objectContaining({ code: 'invalid-local-tool-name' }));
    registry.registerLocalTool(localTool('x'));
    expect(() => registry.registerLocalTool(localTool('x'))).toThrow(expect.objectContaining({ code: 'duplicate-local-tool' }));
  });

  it('unregisters a local tool', () => {
    const registry = new ToolRegistry();
    const unregister = registry.registerLocalTool(localTool('x'));
    unregister();
    expect(registry.list()).toEqual([]);
  });

  it('replaces and removes a server, renaming others when a collision goes away', () => {
    const registry = new ToolRegistry();
    registry.setServerTools('a', [{ name: 'b.c', inputSchema: { type: 'object' } }]);
    registry.setServerTools('a.b', [{ name: 'c', inputSchema: { type: 'object' } }]);
    expect(
      registry
        .list()
        .map((tool) => tool.publicName)
        .sort(),
    ).toEqual(['a_b_c', 'a_b_c_2']);
    registry.removeServer('a');
    expect(registry.list().map((tool) => tool.publicName)).toEqual(['a_b_c']);
    expect(registry.resolve('a_b_c')?.server).toBe('a.b');
    registry.setServerTools('a.b', []);
    expect(registry.list()).toEqual([]);
  });

  it('skips unnamed and duplicate tools and reports them', () => {
    const registry = new ToolRegistry();
    registry.setServerTools('s', [ping, { name: '' } as McpToolInfo, ping, null as unknown as McpToolInfo]);
    expect(registry.list().map((tool) => tool.remoteName)).toEqual(['ping']);
    expect(registry.getSnapshot().problems).toEqual([
      { server: 's', message: 'Tool #2 has no name and was skipped.' },
      { server: 's', message: 'The server lists "ping" more than once; only the first is used.' },
      { server: 's', message: 'Tool #4 has no name and was skipped.' },
    ]);
    registry.removeServer('s');
    expect(registry.getSnapshot().problems).toEqual([]);
  });

  it('cleans untrusted fields', () => {
    const registry = new ToolRegistry();
    registry.setServerTools('s', [
      { name: 't', title: 5, description: ['x'], annotations: { readOnlyHint: 'yes', destructiveHint: false } } as unknown as McpToolInfo,
    ]);
    const tool = registry.resolve('s_t');
    expect(tool).toMatchObject({ description: '', annotations: { destructiveHint: false } });
    expect(tool?.title).toBeUndefined();
    expect(tool?.annotations).not.toHaveProperty('readOnlyHint');
    expect(tool?.providerSchemas.anthropic.schema).toEqual({ type: 'object', properties: {} });
  });

  it('falls back to the title when there is no description', () => {
    const registry = new ToolRegistry();
    registry.setServerTools('s', [{ name: 't', title: 'Does things', inputSchema: { type: 'object' } }]);
    expect(registry.definitionsFor('anthropic')[0]?.description).toBe('Does things');
  });

  it('notifies subscribers and keeps the snapshot stable between changes', () => {
    const registry = new ToolRegistry();
    const listener = vi.fn();
    registry.subscribe(listener);
    const empty = registry.getSnapshot();
    registry.setServerTools('s', [ping]);
    expect(listener).toHaveBeenCalledTimes(1);
    const first = registry.getSnapshot();
    expect(first).not.toBe(empty);
    expect(registry.getSnapshot()).toBe(first);
    registry.removeServer('nope');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(registry.toolsOf('s').map((tool) => tool.publicName)).toEqual(['s_ping']);
  });

  it('accepts the SDK Tool type as it is', () => {
    const sdkTool: Tool = { name: 'echo', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } };
    const registry = new ToolRegistry();
    registry.setServerTools('sdk', [sdkTool]);
    expect(registry.resolve('sdk_echo')?.remoteName).toBe('echo');
  });
});

describe('ToolRegistry and MCP Apps visibility', () => {
  const view = {
    name: 'show_chart',
    inputSchema: { type: 'object' },
    _meta: { ui: { resourceUri: 'ui://chart/view.html' } },
  } as McpToolInfo;
  const appOnly = {
    name: 'refresh_chart',
    inputSchema: { type: 'object' },
    _meta: { ui: { resourceUri: 'ui://chart/view.html', visibility: ['app'] } },
  } as McpToolInfo;

  it('lists an app-only tool with the reason, but never offers or resolves it for the model', () => {
    const registry = new ToolRegistry();
    registry.setServerTools('charts', [view, appOnly]);
    const listed = registry.list().find((tool) => tool.remoteName === 'refresh_chart');
    expect(listed).toMatchObject({ origin: 'mcp', hiddenFromModel: expect.stringContaining('visibility') });
    expect(registry.definitionsFor('anthropic').map((tool) => tool.name)).toEqual(['charts_show_chart']);
    expect(registry.resolve('charts_refresh_chart')).toBeUndefined();
    expect(registry.resolve('charts_show_chart')?.remoteName).toBe('show_chart');
  });
});
