import { describe, expect, it } from 'vitest';
import { compareSnapshots, countChanges, hasBreakingChange } from '.';
import { SNAPSHOT_FORMAT, SNAPSHOT_FORMAT_VERSION, type McpSnapshot, type SnapshotTool } from '.';

const forecast: SnapshotTool = {
  name: 'get_forecast',
  description: 'Forecast for a city.',
  inputSchema: {
    type: 'object',
    properties: {
      city: { type: 'string', description: 'City name' },
      days: { type: 'integer', minimum: 1, maximum: 7 },
      unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
    },
    required: ['city'],
  },
  outputSchema: { type: 'object', properties: { city: { type: 'string' }, high: { type: 'number' } }, required: ['city', 'high'] },
  annotations: { readOnlyHint: true },
};
const alerts: SnapshotTool = {
  name: 'list_alerts',
  description: 'Alerts.',
  inputSchema: { type: 'object', properties: { region: { type: 'string' } } },
};

function snapshot(patch: Partial<McpSnapshot> = {}): McpSnapshot {
  return {
    format: SNAPSHOT_FORMAT,
    formatVersion: SNAPSHOT_FORMAT_VERSION,
    takenAt: '2026-12-07T00:00:00.000Z',
    server: { name: 'forecasts', version: '1.0.0' },
    era: 'modern',
    capabilities: { tools: { listChanged: true }, resources: {} },
    tools: [forecast, alerts],
    resources: [{ uri: 'file:///a.txt', name: 'a' }],
    resourceTemplates: [{ uriTemplate: 'city://{name}', name: 'city' }],
    prompts: [{ name: 'plan', arguments: [{ name: 'city', required: true }] }],
    ...patch,
  };
}

/** A copy of the forecast tool with its input schema's `unit`, `days` or top level patched. */
function withForecast(patch: (tool: SnapshotTool) => void): McpSnapshot {
  const tool = structuredClone(forecast);
  patch(tool);
  return snapshot({ tools: [tool, alerts] });
}

const props = (tool: SnapshotTool) => tool.inputSchema['properties'] as Record<string, Record<string, unknown>>;

/** The changes as [kind, path] pairs. */
function kinds(a: McpSnapshot, b: McpSnapshot): Array<[string, string]> {
  return compareSnapshots(a, b).map((change) => [change.kind, change.path]);
}

describe('compareSnapshots', () => {
  it('finds nothing between equal snapshots (server version and time are not changes)', () => {
    expect(compareSnapshots(snapshot(), snapshot({ server: { name: 'forecasts', version: '2.0.0' }, takenAt: 'later' }))).toEqual([]);
  });

  it('breaking: a tool removed', () => {
    const changes = compareSnapshots(snapshot(), snapshot({ tools: [forecast] }));
    expect(changes).toEqual([expect.objectContaining({ kind: 'breaking', path: '/tools/list_alerts', before: alerts })]);
    expect(changes[0]).not.toHaveProperty('after');
    expect(changes[0]?.sentence).toMatch(/list_alerts was removed: clients and agents that call it/);
    expect(hasBreakingChange(changes)).toBe(true);
  });

  it('breaking: a rename is recognised by the shared schema and shown as one change', () => {
    const changes = compareSnapshots(snapshot(), snapshot({ tools: [forecast, { ...alerts, name: 'get_alerts' }] }));
    expect(changes).toEqual([
      expect.objectContaining({ kind: 'breaking', path: '/tools/list_alerts', before: 'list_alerts', after: 'get_alerts' }),
    ]);
    expect(changes[0]?.sentence).toMatch(/renamed get_alerts/);
  });

  it('a removed and an added tool with different schemas are a removal and an addition', () => {
    const other = { ...alerts, name: 'get_alerts', inputSchema: { type: 'object', properties: { area: { type: 'string' } } } };
    expect(kinds(snapshot(), snapshot({ tools: [forecast, other] }))).toEqual([
      ['breaking', '/tools/list_alerts'],
      ['compatible', '/tools/get_alerts'],
    ]);
  });

  it('breaking: a narrowed enum (a value removed); compatible: a value added', () => {
    expect(
      kinds(
        snapshot(),
        withForecast((tool) => (props(tool)['unit']!['enum'] = ['celsius'])),
      ),
    ).toEqual([['breaking', '/tools/get_forecast/inputSchema/properties/unit/enum']]);
    expect(
      kinds(
        snapshot(),
        withForecast((tool) => (props(tool)['unit']!['enum'] = ['celsius', 'fahrenheit', 'kelvin'])),
      ),
    ).toEqual([['compatible', '/tools/get_forecast/inputSchema/properties/unit/enum']]);
  });

  it('breaking: a new required argument; compatible: a new optional one', () => {
    const required = withForecast((tool) => {
      props(tool)['country'] = { type: 'string' };
      tool.inputSchema['required'] = ['city', 'country'];
    });
    const changes = compareSnapshots(snapshot(), required);
    expect(changes).toEqual([
      expect.objectContaining({
        kind: 'breaking',
        path: '/tools/get_forecast/inputSchema/required',
        before: ['city'],
        after: ['city', 'country'],
      }),
    ]);
    const optional = withForecast((tool) => (props(tool)['country'] = { type: 'string' }));
    expect(kinds(snapshot(), optional)).toEqual([['compatible', '/tools/get_forecast/inputSchema/properties/country']]);
  });

  it('breaking: an existing argument made required; compatible: one no longer required', () => {
    expect(
      kinds(
        snapshot(),
        withForecast((tool) => (tool.inputSchema['required'] = ['city', 'days'])),
      ),
    ).toEqual([['breaking', '/tools/get_forecast/inputSchema/required']]);
    expect(
      kinds(
        snapshot(),
        withForecast((tool) => (tool.inputSchema['required'] = [])),
      ),
    ).toEqual([['compatible', '/tools/get_forecast/inputSchema/required']]);
  });

  it('breaking: an argument removed, its type changed, maximum lowered, minimum raised, maxLength lowered, additionalProperties closed', () => {
    expect(
      kinds(
        snapshot(),
        withForecast((tool) => delete props(tool)['days']),
      ),
    ).toEqual([['breaking', '/tools/get_forecast/inputSchema/properties/days']]);
    expect(
      kinds(
        snapshot(),
        withForecast((tool) => (props(tool)['days']!['type'] = 'string')),
      ),
    ).toEqual([['breaking', '/tools/get_forecast/inputSchema/properties/days/type']]);
    expect(
      kinds(
        snapshot(),
        withForecast((tool) => (props(tool)['days']!['maximum'] = 5)),
      ),
    ).toEqual([['breaking', '/tools/get_forecast/inputSchema/properties/days/maximum']]);
    expect(
      kinds(
        snapshot(),
        withForecast((tool) => (props(tool)['days']!['minimum'] = 2)),
      ),
    ).toEqual([['breaking', '/tools/get_forecast/inputSchema/properties/days/minimum']]);
    expect(
      kinds(
        snapshot(),
        withForecast((tool) => (props(tool)['city']!['maxLength'] = 40)),
      ),
    ).toEqual([['breaking', '/tools/get_forecast/inputSchema/properties/city/maxLength']]);
    expect(
      kinds(
        snapshot(),
        withForecast((tool) => (tool.inputSchema['additionalProperties'] = false)),
      ),
    ).toEqual([['breaking', '/tools/get_forecast/inputSchema/additionalProperties']]);
  });

  it('compatible: a widened type (integer to number, a type added) and a maximum raised', () => {
    expect(
      kinds(
        snapshot(),
        withForecast((tool) => (props(tool)['days']!['type'] = 'number')),
      ),
    ).toEqual([['compatible', '/tools/get_forecast/inputSchema/properties/days/type']]);
    expect(
      kinds(
        snapshot(),
        withForecast((tool) => (props(tool)['city']!['type'] = ['string', 'null'])),
      ),
    ).toEqual([['compatible', '/tools/get_forecast/inputSchema/properties/city/type']]);
    expect(
      kinds(
        snapshot(),
        withForecast((tool) => (props(tool)['days']!['maximum'] = 14)),
      ),
    ).toEqual([['compatible', '/tools/get_forecast/inputSchema/properties/days/maximum']]);
  });

  it('breaking: an output property removed or no longer required; compatible: one added', () => {
    const outProps = (tool: SnapshotTool) => tool.outputSchema!['properties'] as Record<string, unknown>;
    expect(
      kinds(
        snapshot(),
        withForecast((tool) => {
          delete outProps(tool)['high'];
          tool.outputSchema!['required'] = ['city'];
        }),
      ),
    ).toEqual([['breaking', '/tools/get_forecast/outputSchema/properties/high']]);
    expect(
      kinds(
        snapshot(),
        withForecast((tool) => (tool.outputSchema!['required'] = ['city'])),
      ),
    ).toEqual([['breaking', '/tools/get_forecast/outputSchema/required']]);
    expect(
      kinds(
        snapshot(),
        withForecast((tool) => (outProps(tool)['low'] = { type: 'number' })),
      ),
    ).toEqual([['compatible', '/tools/get_forecast/outputSchema/properties/low']]);
  });

  it('breaking: a capability dropped, the era changed; compatible: a capability added', () => {
    expect(kinds(snapshot(), snapshot({ capabilities: { tools: { listChanged: true } } }))).toEqual([
      ['breaking', '/capabilities/resources'],
    ]);
    expect(kinds(snapshot(), snapshot({ capabilities: { tools: {}, resources: {} } }))).toEqual([
      ['breaking', '/capabilities/tools/listChanged'],
    ]);
    expect(kinds(snapshot(), snapshot({ era: 'legacy' }))).toEqual([['breaking', '/era']]);
    expect(kinds(snapshot(), snapshot({ capabilities: { tools: { listChanged: true }, resources: {}, prompts: {} } }))).toEqual([
      ['compatible', '/capabilities/prompts'],
    ]);
  });

  it('breaking: a resource, a template or a prompt removed; a prompt argument made required', () => {
    expect(kinds(snapshot(), snapshot({ resources: [] }))).toEqual([['breaking', '/resources/file:~1~1~1a.txt']]);
    expect(kinds(snapshot(), snapshot({ resourceTemplates: [] }))).toEqual([['breaking', '/resourceTemplates/city:~1~1{name}']]);
    expect(kinds(snapshot(), snapshot({ prompts: [] }))).toEqual([['breaking', '/prompts/plan']]);
    expect(
      kinds(
        snapshot(),
        snapshot({
          prompts: [
            {
              name: 'plan',
              arguments: [
                { name: 'city', required: true },
                { name: 'days', required: true },
              ],
            },
          ],
        }),
      ),
    ).toEqual([['breaking', '/prompts/plan/arguments/days']]);
  });

  it('model-visible: a description, a title, an argument description, an annotation, the instructions', () => {
    expect(
      kinds(
        snapshot(),
        withForecast((tool) => {
          tool.description = 'Forecast for any city.';
          tool.title = 'Forecast';
          props(tool)['city']!['description'] = 'City name, e.g. Paris';
          tool.annotations = { readOnlyHint: false };
        }),
      ),
    ).toEqual([
      ['model-visible', '/tools/get_forecast/title'],
      ['model-visible', '/tools/get_forecast/description'],
      ['model-visible', '/tools/get_forecast/annotations/readOnlyHint'],
      ['model-visible', '/tools/get_forecast/inputSchema/properties/city/description'],
    ]);
    expect(kinds(snapshot(), snapshot({ instructions: 'Be brief.' }))).toEqual([['model-visible', '/instructions']]);
    expect(
      kinds(
        snapshot(),
        snapshot({ prompts: [{ name: 'plan', description: 'Plan a trip', arguments: [{ name: 'city', required: true }] }] }),
      ),
    ).toEqual([['model-visible', '/prompts/plan/description']]);
  });

  it('cosmetic: the order of tools, properties, required names and enum values only', () => {
    expect(compareSnapshots(snapshot(), snapshot({ tools: [alerts, forecast] }))).toEqual([
      expect.objectContaining({
        kind: 'cosmetic',
        path: '/tools',
        before: ['get_forecast', 'list_alerts'],
        after: ['list_alerts', 'get_forecast'],
      }),
    ]);
    const reordered = withForecast((tool) => {
      const { city, days, unit } = props(tool);
      tool.inputSchema['properties'] = { unit: { ...unit, enum: ['fahrenheit', 'celsius'] }, city, days };
    });
    expect(kinds(snapshot(), reordered)).toEqual([
      ['cosmetic', '/tools/get_forecast/inputSchema/properties/unit/enum'],
      ['cosmetic', '/tools/get_forecast/inputSchema/properties'],
    ]);
  });

  it('groups the changes breaking first, then model-visible, compatible, cosmetic, and counts them', () => {
    const b = withForecast((tool) => {
      tool.description = 'New words.';
      props(tool)['unit']!['enum'] = ['celsius'];
      props(tool)['country'] = { type: 'string' };
    });
    b.tools.reverse();
    b.tools.push({ ...alerts, name: 'extra', inputSchema: { type: 'object' } });
    const changes = compareSnapshots(snapshot(), b);
    expect(changes.map((change) => change.kind)).toEqual(['breaking', 'model-visible', 'compatible', 'compatible', 'cosmetic']);
    expect(countChanges(changes)).toEqual({ breaking: 1, 'model-visible': 1, compatible: 2, cosmetic: 1 });
  });
});
