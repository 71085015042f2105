import { afterEach, describe, expect, it } from 'vitest';
import { start as startLab } from '../../../e2e/servers/lab.mjs';
import { DATA_ICON, SCHEMAS_INSTRUCTIONS } from '../../../e2e/servers/lab-schemas.mjs';
import { useServer } from '../../../e2e/servers/test-kit';
import { SecretRegistry, TrafficLog } from '../traffic';
import { ServerConnection } from './server-connection';
import { displayName, isSafeIconUrl, safeIcons } from './server-metadata';

const { server: lab } = useServer(startLab as never);
const connections: ServerConnection[] = [];
afterEach(async () => {
  await Promise.allSettled(connections.splice(0).map((connection) => connection.disconnect()));
});

describe('server metadata', () => {
  it('keeps https and inline-image icons only', () => {
    expect(isSafeIconUrl('https://example.com/icon.png')).toBe(true);
    expect(isSafeIconUrl(DATA_ICON)).toBe(true);
    for (const bad of [
      'http://example.com/icon.png',
      'javascript:alert(1)',
      'data:text/html,<script>1</script>',
      '//example.com/x.png',
      'file:///etc/passwd',
    ])
      expect(isSafeIconUrl(bad)).toBe(false);
    expect(
      safeIcons([{ src: 'javascript:alert(1)' }, { src: 'https://e.example/i.svg', theme: 'dark', sizes: ['any', 3] }, 'junk']),
    ).toEqual([{ src: 'https://e.example/i.svg', theme: 'dark', sizes: ['any'] }]);
    expect(safeIcons([{ src: 'http://e.example/i.png' }])).toBeUndefined();
    expect(displayName({ name: 'get_forecast', title: 'Forecast' })).toBe('Forecast');
    expect(displayName({ name: 'get_forecast', title: ' ' })).toBe('get_forecast');
  });

  it("a server's title, instructions and icons reach its state; a result that breaks its outputSchema is kept", async () => {
    const url = (lab() as unknown as { endpoints: Record<string, string> }).endpoints['schemas'] ?? '';
    const connection = new ServerConnection({
      name: 'schemas',
      url,
      headers: {},
      log: new TrafficLog(),
      secrets: new SecretRegistry(),
      fetch,
    });
    connections.push(connection);
    await connection.connect();
    const state = connection.getState();
    expect(state).toMatchObject({
      status: 'connected',
      instructions: SCHEMAS_INSTRUCTIONS,
      serverInfo: { title: 'Schema Lab', icons: [{ src: DATA_ICON, mimeType: 'image/png', sizes: ['16x16'] }] },
    });
    const [ok, wrong] = state.tools;
    expect(ok?.icons).toEqual([{ src: DATA_ICON, mimeType: 'image/png' }]);
    expect(wrong?.icons).toBeUndefined();
    // The SDK alone would throw this result away ("does not match the tool's output schema"): the call keeps it, for the check to judge.
    const bad = await connection.callTool('forecast_wrong', {});
    expect(bad.structuredContent).toEqual({ temperature: 'warm' });
  });
});
