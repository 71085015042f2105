/**
 * The inbox against real servers: the official everything server (2025, server→client requests
 * on the session), the rounds server (2026 `input_required`), a server that sends malformed
 * requests, and the scripted model server answering sampling.
 */
import { memoryStorage } from '../shared/key-value-storage';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { start as startEverything } from '../../../e2e/servers/everything.mjs';
import { start as startMalformed } from '../../../e2e/servers/malformed.mjs';
import { start as startModel } from '../../../e2e/servers/model-server.mjs';
import type { ModelServerHandle } from '../../../e2e/servers/model-server.mjs';
import { start as startRounds, SUMMARY_SYSTEM_PROMPT } from '../../../e2e/servers/rounds.mjs';
import type { RunningServer } from '../../../e2e/servers/weather.mjs';
import { initialValues } from '../elicitation';
import { InboxCapability, ServerConnection } from '../mcp';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { createWireTap, SecretRegistry, TrafficLog } from '../traffic';
import { Inbox } from './inbox';
import type { ElicitationItem, InboxItem, SamplingItem } from './inbox-types';
import { RootsStore } from './roots-store';
import { SamplingPolicyStore } from './sampling-policy';

let everything: RunningServer;
let rounds: RunningServer;
let malformed: RunningServer;
let model: ModelServerHandle;
const open: ServerConnection[] = [];

beforeAll(async () => {
  [everything, rounds, malformed, model] = await Promise.all([
    startEverything(),
    startRounds(),
    startMalformed(),
    startModel({ chunkDelayMs: 0 }),
  ]);
});
afterEach(async () => {
  await Promise.allSettled(open.splice(0).map((connection) => connection.disconnect()));
  model.reset();
});
afterAll(async () => {
  await Promise.allSettled([everything, rounds, malformed, model].map((server) => server.close()));
});

/** An inbox whose sampling goes to the scripted model server (Anthropic format), and a connection to `url` answering through it. */
async function setup(url: string, name = 'server') {
  const log = new TrafficLog();
  const secrets = new SecretRegistry();
  const policies = new SamplingPolicyStore(memoryStorage());
  const holder: { connection?: ServerConnection } = {};
  const roots = new RootsStore(memoryStorage(), () => void holder.connection?.rootsChanged());
  const inbox = new Inbox({
    policies,
    roots,
    model: {
      settings: () => ({ provider: 'anthropic', model: 'claude-test', baseUrl: model.url, apiKey: 'sk-test', maxTokens: 4096 }),
      modelFetch: (provider, context) => createWireTap({ log, wire: 'model', source: provider, secrets, context })(fetch) as typeof fetch,
    },
  });
  const connection = new ServerConnection({
    name,
    url,
    headers: {},
    timeoutMs: 10_000,
    log,
    secrets,
    fetch,
    capabilities: (host) => [new InboxCapability(host, inbox)],
  });
  holder.connection = connection;
  open.push(connection);
  await connection.connect();
  expect(connection.getState().status).toBe('connected');
  return { log, inbox, roots, policies, connection };
}

/** Resolves with the first inbox item that matches (waiting for it to arrive). */
function nextItem<T extends InboxItem>(inbox: Inbox, match: (item: InboxItem) => item is T): Promise<T> {
  return new Promise((resolve) => {
    const look = () => {
      const found = inbox.getSnapshot().items.find(match);
      if (!found) return;
      unsubscribe();
      resolve(found);
    };
    const unsubscribe = inbox.subscribe(look);
    look();
  });
}

/** The current version of an item. */
const current = (inbox: Inbox, id: string) => inbox.getSnapshot().items.find((item) => item.id === id);

const isElicitation = (item: InboxItem): item is ElicitationItem => item.kind === 'elicitation' && item.status === 'pending';
const isSampling = (item: InboxItem): item is SamplingItem => item.kind === 'sampling';

/** The text of a tool result. */
const textOf = (result: CallToolResult) => result.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');

/** Resolves once `check` holds for the inbox. */
function until(inbox: Inbox, check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (check()) return resolve();
    const unsubscribe = inbox.subscribe(() => {
      if (!check()) return;
      unsubscribe();
      resolve();
    });
  });
}

describe('the everything server (2025: requests on the session)', () => {
  it('offers its sampling, elicitation and roots tools once the client declares them', async () => {
    const { connection } = await setup(everything.url);
    const names = connection.getState().tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['trigger-sampling-request', 'trigger-elicitation-request', 'get-roots-list']));
  });

  it('fills the elicitation form with its defaults, checks it, and accepts, declines or cancels', async () => {
    const { inbox, connection } = await setup(everything.url);
    const accepted = connection.callTool('trigger-elicitation-request', {});
    const item = await nextItem(inbox, isElicitation);
    expect(item.origin).toMatchObject({ server: 'server', era: 'legacy' });
    expect(item.form?.fields.map((field) => field.name)).toContain('integer');
    const values = initialValues(item.form!);
    expect(values['integer']).toBe(42);
    // A required field left empty is refused before anything is sent.
    const required = item.form!.fields.filter((field) => field.required).map((field) => field.name);
    expect(inbox.answerElicitation(item.id, 'accept', values).map((message) => message.field)).toEqual(expect.arrayContaining(required));
    expect(current(inbox, item.id)).toMatchObject({ status: 'pending' });
    const filled = { ...values, name: 'Ada', check: true, email: 'ada@example.com' };
    expect(inbox.answerElicitation(item.id, 'accept', filled)).toEqual([]);
    expect(textOf(await accepted)).toContain('User provided the requested information');

    for (const [action, words] of [
      ['decline', 'declined'],
      ['cancel', 'cancel'],
    ] as const) {
      const call = connection.callTool('trigger-elicitation-request', {});
      const next = await nextItem(inbox, isElicitation);
      inbox.answerElicitation(next.id, action);
      expect(textOf(await call).toLowerCase()).toContain(words);
    }
  });

  it('sends an approved sampling request to the model, marked as the server’s, and returns the reply only when approved again', async () => {
    const { inbox, connection, log } = await setup(everything.url, 'everything');
    model.setScript([{ text: 'Sampled answer.' }]);
    const call = connection.callTool('trigger-sampling-request', { prompt: 'Say hi', maxTokens: 50 });
    const item = await nextItem(inbox, isSampling);
    expect(item).toMatchObject({
      status: 'pending',
      automatic: false,
      request: { systemPrompt: 'You are a helpful test server.', maxTokens: 50 },
    });
    expect(model.requests()).toHaveLength(0);
    // The person edits the system prompt before approving.
    await inbox.approveSampling(item.id, { ...item.request!, systemPrompt: 'Be brief.' });
    expect(current(inbox, item.id)).toMatchObject({
      status: 'replied',
      reply: { result: { content: { type: 'text', text: 'Sampled answer.' } } },
    });
    const sent = model.requests()[0]!.body as { system?: unknown; max_tokens?: unknown };
    expect(sent).toMatchObject({ system: 'Be brief.', max_tokens: 50 });
    const exchange = log.getSnapshot().exchanges.find((entry) => entry.wire === 'model');
    expect(exchange?.samplingFor).toBe('everything');
    expect(exchange?.requestHeaders['x-api-key']).not.toContain('sk-test');
    inbox.returnSampling(item.id);
    expect(textOf(await call)).toContain('Sampled answer.');
  });

  it('answers a denied sampling request with the spec’s error', async () => {
    const { inbox, connection } = await setup(everything.url);
    const call = connection.callTool('trigger-sampling-request', { prompt: 'No', maxTokens: 10 });
    const item = await nextItem(inbox, isSampling);
    inbox.denySampling(item.id);
    const outcome = await call.then(textOf, (error: unknown) => String(error));
    expect(outcome).toContain('User rejected sampling request');
    expect(model.requests()).toHaveLength(0);
  });

  it('sends and returns without asking when the server’s policy is allow', async () => {
    const { inbox, connection, policies } = await setup(everything.url, 'trusted');
    policies.set('trusted', 'allow');
    model.setScript([{ text: 'Automatic.' }]);
    const result = await connection.callTool('trigger-sampling-request', { prompt: 'Go', maxTokens: 20 });
    expect(textOf(result)).toContain('Automatic.');
    expect(inbox.getSnapshot().items[0]).toMatchObject({ kind: 'sampling', status: 'returned', automatic: true });
  });

  it('answers roots/list from the person’s roots and announces a change', async () => {
    const { inbox, connection, roots, log } = await setup(everything.url);
    roots.set([{ uri: 'file:///home/ada/project', name: 'project' }]);
    await until(inbox, () => log.getSnapshot().messages.some((message) => message.method === 'notifications/roots/list_changed'));
    const result = await connection.callTool('get-roots-list', {});
    expect(textOf(result)).toContain('file:///home/ada/project');
    expect(inbox.getSnapshot().items.some((item) => item.kind === 'roots' && item.roots.length === 1)).toBe(true);
    expect(() => roots.set([{ uri: 'not a uri' }])).toThrow(RangeError);
  });
});

describe('the rounds server (2026: input_required)', () => {
  it('answers an elicitation round through the same inbox, tagged with the round’s key', async () => {
    const { inbox, connection } = await setup(rounds.url);
    const call = connection.callTool('book_table', { restaurant: 'Chez Ada' });
    const item = await nextItem(inbox, isElicitation);
    expect(item.origin).toMatchObject({ era: 'modern', inputKey: 'booking' });
    expect(inbox.answerElicitation(item.id, 'accept', { ...initialValues(item.form!), name: 'Ada' })).toEqual([]);
    expect(textOf(await call)).toBe('Booked Chez Ada for Ada, 2 seats.');
  });

  it('answers a sampling round with the model’s approved reply', async () => {
    const { inbox, connection } = await setup(rounds.url);
    model.setScript([{ text: 'Short.' }]);
    const call = connection.callTool('summarize', { text: 'A long text.' });
    const item = await nextItem(inbox, isSampling);
    expect(item.request?.systemPrompt).toBe(SUMMARY_SYSTEM_PROMPT);
    await inbox.approveSampling(item.id);
    inbox.returnSampling(item.id);
    expect(textOf(await call)).toContain('Short.');
  });
});

describe('2026 rounds on the MCP wire', () => {
  it('records each round as its own request, linked to the first and carrying its requestState', async () => {
    const { inbox, connection, log } = await setup(rounds.url);
    model.setScript([{ text: 'See the old town.' }]);
    const call = connection.callTool('plan_trip', {});
    const where = await nextItem(inbox, isElicitation);
    inbox.answerElicitation(where.id, 'accept', { city: 'Lyon' });
    const plan = await nextItem(inbox, (item): item is SamplingItem => isSampling(item) && item.status === 'pending');
    await inbox.approveSampling(plan.id);
    inbox.returnSampling(plan.id);
    expect(textOf(await call)).toBe('Trip to Lyon: See the old town.');
    const sent = log.getSnapshot().messages.filter((message) => message.method === 'tools/call' && message.kind === 'request');
    expect(sent).toHaveLength(3);
    const [first, second, third] = sent;
    expect(first?.roundOf).toBeUndefined();
    expect(second?.roundOf).toBe(first?.rpcId);
    expect(third?.roundOf).toBe(first?.rpcId);
    expect(second?.rpcId).not.toBe(first?.rpcId);
    expect(third?.requestState).toBe(JSON.stringify({ city: 'Lyon' }));
  });
});

describe('bad requests', () => {
  it('refuses a malformed sampling or elicitation request with a JSON-RPC error, says so, and keeps working', async () => {
    const { inbox, connection } = await setup(malformed.url);
    const sampling = await connection.callTool('bad_sampling', {});
    expect(textOf(sampling)).toMatch(/Refused \(-32602\): .*Invalid sampling request/);
    const elicitation = await connection.callTool('bad_elicitation', {});
    expect(textOf(elicitation)).toMatch(/Refused \(-32602\)/);
    const refused = inbox.getSnapshot().items.filter((item) => item.kind === 'refused');
    expect(refused.map((item) => item.kind === 'refused' && item.method)).toEqual(['sampling/createMessage', 'elicitation/create']);
    expect(textOf(await connection.callTool('echo', { text: 'still here' }))).toBe('still here');
  });

  it('offers a URL-mode link split around its domain, and refuses a javascript: one', async () => {
    const { inbox, connection } = await setup(malformed.url);
    const visit = connection.callTool('visit_link', {});
    const link = await nextItem(inbox, isElicitation);
    expect(link).toMatchObject({
      mode: 'url',
      message: 'Sign in at <b>our</b> partner',
      link: { domain: 'example.co.uk', before: 'https://login.', after: '/authorize?step=2' },
    });
    inbox.answerElicitation(link.id, 'accept');
    expect(textOf(await visit)).toContain('"action":"accept"');
    const script = connection.callTool('script_link', {});
    const bad = await nextItem(inbox, isElicitation);
    expect(bad.link).toBeUndefined();
    expect(bad.problems.join(' ')).toContain('Only http and https links');
    expect(inbox.answerElicitation(bad.id, 'accept')).not.toEqual([]);
    inbox.answerElicitation(bad.id, 'cancel');
    expect(textOf(await script)).toContain('"action":"cancel"');
  });

  it('shows why a form cannot be rendered, and still lets the person decline', async () => {
    const { inbox, connection } = await setup(malformed.url);
    const call = connection.callTool('impossible_form', {});
    const item = await nextItem(inbox, isElicitation);
    expect(item.form).toBeUndefined();
    expect(item.problems.join(' ')).toContain('the lower bound 10 is above the upper bound 1');
    expect(inbox.answerElicitation(item.id, 'accept', {})).not.toEqual([]);
    inbox.answerElicitation(item.id, 'decline');
    expect(textOf(await call)).toContain('"action":"decline"');
  });
});
