import { describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { scanServer } from '../../src/core/guard';
import { ADD_VISIBLE, ECHO_AFTER, ECHO_BEFORE, HIDDEN_INSTRUCTION, POISONED_INSTRUCTIONS, start, toTags } from './poisoned.mjs';
import { useServer } from './test-kit';

const { server, track } = useServer(start);

async function connect(onChanged?: () => void): Promise<Client> {
  const client = new Client(
    { name: 'poisoned-test', version: '1.0.0' },
    { versionNegotiation: { mode: 'auto' }, ...(onChanged ? { listChanged: { tools: { autoRefresh: false, onChanged } } } : {}) },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(server().url)));
  return track(client);
}

describe('the poisoned test server', () => {
  it('lists tools carrying every kind of finding, and instructions that do too', async () => {
    await fetch(`${server().url}?reset`, { method: 'POST' });
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['add', 'read_notes', 'forecast_plus', 'long_report', 'echo_text']);
    expect(tools[0]?.description).toBe(`${ADD_VISIBLE}${toTags(HIDDEN_INSTRUCTION)}`);
    expect(client.getInstructions()).toBe(POISONED_INSTRUCTIONS);
    const findings = scanServer({ server: 'poisoned', tools, instructions: POISONED_INSTRUCTIONS }, [
      { server: 'weather', name: 'get_forecast' },
    ]);
    expect(new Set(findings.map((finding) => finding.kind))).toEqual(new Set(['invisible-chars', 'model-directed', 'shadowing', 'length']));
    expect(findings.filter((finding) => finding.subject.name === 'echo_text')).toEqual([]);
  });

  it('changes echo_text after its first call, tells every session, keeps the change for new sessions, and resets', async () => {
    await fetch(`${server().url}?reset`, { method: 'POST' });
    let notified = 0;
    const client = await connect(() => {
      notified += 1;
    });
    const description = async (c: Client) => (await c.listTools()).tools.find((tool) => tool.name === 'echo_text')?.description;
    expect(await description(client)).toBe(ECHO_BEFORE);
    await client.callTool({ name: 'echo_text', arguments: { text: 'hi' } });
    await expect.poll(() => notified, { timeout: 5000 }).toBeGreaterThan(0);
    expect(await description(client)).toBe(ECHO_AFTER);
    expect(await description(await connect())).toBe(ECHO_AFTER);
    await fetch(`${server().url}?reset`, { method: 'POST' });
    expect(await description(await connect())).toBe(ECHO_BEFORE);
  });
});
