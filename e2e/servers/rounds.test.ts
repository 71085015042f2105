import { describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CallToolResult, CreateMessageRequest, ElicitRequest, ElicitResult } from '@modelcontextprotocol/client';
import { buildAcceptResult, initialValues, readElicitationForm } from '../../src/core/elicitation';
import { BOOKING_SCHEMA, ROUNDS_SERVER_INFO, start, SUMMARY_SYSTEM_PROMPT } from './rounds.mjs';
import { useServer } from './test-kit';

const { server, track } = useServer(start);

/** What the client saw: the tools/call bodies it posted and the input requests it answered. */
interface Seen {
  calls: Array<{ params: { name: string; inputResponses?: Record<string, unknown>; requestState?: string } }>;
  elicitations: ElicitRequest['params'][];
  samplings: CreateMessageRequest['params'][];
}

/** A 2026-era v2 client that answers elicitation with `elicit` and sampling with a fixed reply. */
async function connect(
  elicit: (params: ElicitRequest['params']) => ElicitResult,
  mode: 'auto' | 'legacy' = 'auto',
): Promise<{ client: Client; seen: Seen }> {
  const seen: Seen = { calls: [], elicitations: [], samplings: [] };
  const recordingFetch: typeof fetch = async (input, init) => {
    if (typeof init?.body === 'string') {
      const body = JSON.parse(init.body) as { method?: string };
      if (body.method === 'tools/call') seen.calls.push(body as Seen['calls'][number]);
    }
    return fetch(input, init);
  };
  const client = new Client(
    { name: 'rounds-test', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} }, sampling: {}, roots: {} }, versionNegotiation: { mode } },
  );
  client.setRequestHandler('elicitation/create', async (request) => {
    seen.elicitations.push(request.params);
    return elicit(request.params);
  });
  client.setRequestHandler('sampling/createMessage', async (request) => {
    seen.samplings.push(request.params);
    return { role: 'assistant', content: { type: 'text', text: 'A short summary.' }, model: 'scripted-model', stopReason: 'endTurn' };
  });
  client.setRequestHandler('roots/list', async () => ({ roots: [{ uri: 'https://example.com/repo', name: 'repo' }] }));
  await client.connect(new StreamableHTTPClientTransport(new URL(server().url), { fetch: recordingFetch }));
  track(client);
  return { client, seen };
}

/** All text of a result, joined. */
function textOf(result: CallToolResult): string {
  return result.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
}

describe('rounds (2026-07-28 era, input_required)', () => {
  it('negotiates 2026-07-28 and lists its four tools', async () => {
    const { client } = await connect(() => ({ action: 'cancel' }));
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(client.getServerVersion()?.name).toBe(ROUNDS_SERVER_INFO.name);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['book_table', 'summarize', 'plan_trip', 'show_roots']);
  });

  it('asks for a form in an elicitation round and finishes with the accepted content', async () => {
    const { client, seen } = await connect(() => ({ action: 'accept', content: { name: 'Ana', seats: 3 } }));
    const result = await client.callTool({ name: 'book_table', arguments: { restaurant: 'Casa' } });
    expect(textOf(result)).toBe('Booked Casa for Ana, 3 seats.');
    expect(seen.elicitations).toEqual([expect.objectContaining({ message: 'Booking details for Casa', requestedSchema: BOOKING_SCHEMA })]);
    // Two rounds on the wire: the first call carries no responses, the retry carries the form's answer.
    expect(seen.calls).toHaveLength(2);
    expect(seen.calls[0]?.params.inputResponses).toBeUndefined();
    expect(seen.calls[1]?.params.inputResponses).toEqual({ booking: { action: 'accept', content: { name: 'Ana', seats: 3 } } });
  });

  it("finishes with the answer Glassbox's form model builds from the requested schema", async () => {
    const { client } = await connect((params) => {
      const form = readElicitationForm('requestedSchema' in params ? params.requestedSchema : undefined);
      if (!form.ok) return { action: 'decline' };
      return buildAcceptResult(form.form, { ...initialValues(form.form), name: 'Bo', time: '19:30' });
    });
    const result = await client.callTool({ name: 'book_table', arguments: { restaurant: 'Casa' } });
    expect(result.structuredContent).toEqual({ restaurant: 'Casa', booking: { name: 'Bo', seats: 2, terrace: false, time: '19:30' } });
  });

  it('reports a declined form', async () => {
    const { client } = await connect(() => ({ action: 'decline' }));
    const result = await client.callTool({ name: 'book_table', arguments: { restaurant: 'Casa' } });
    expect(textOf(result)).toBe('Booking declined.');
  });

  it("asks the client's model in a sampling round", async () => {
    const { client, seen } = await connect(() => ({ action: 'cancel' }));
    const result = await client.callTool({ name: 'summarize', arguments: { text: 'A long text.' } });
    expect(textOf(result)).toBe('Summary (scripted-model): A short summary.');
    expect(seen.samplings).toEqual([
      expect.objectContaining({
        systemPrompt: SUMMARY_SYSTEM_PROMPT,
        maxTokens: 100,
        messages: [{ role: 'user', content: { type: 'text', text: 'A long text.' } }],
      }),
    ]);
  });

  it('chains an elicitation round and a sampling round, echoing requestState', async () => {
    const { client, seen } = await connect(() => ({ action: 'accept', content: { city: 'Lisbon' } }));
    const result = await client.callTool({ name: 'plan_trip', arguments: {} });
    expect(textOf(result)).toBe('Trip to Lisbon: A short summary.');
    expect(seen.calls).toHaveLength(3);
    expect(seen.calls.map((call) => call.params.requestState)).toEqual([undefined, undefined, '{"city":"Lisbon"}']);
    expect(Object.keys(seen.calls[2]?.params.inputResponses ?? {})).toEqual(['plan']);
  });

  it('tells a 2025-era client (stateless fallback) that it cannot ask', async () => {
    const { client } = await connect(() => ({ action: 'cancel' }), 'legacy');
    expect(client.getProtocolEra()).toBe('legacy');
    const result = await client.callTool({ name: 'book_table', arguments: { restaurant: 'Casa' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Cannot request input 'booking' \(elicitation\/create\)/);
  });

  it('asks for the roots', async () => {
    const { client } = await connect(() => ({ action: 'cancel' }));
    const result = await client.callTool({ name: 'show_roots', arguments: {} });
    expect(textOf(result)).toBe('repo: https://example.com/repo');
  });
});
