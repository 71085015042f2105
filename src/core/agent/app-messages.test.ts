/**
 * What MCP App views add to the conversation: a `ui/message` is a user message marked as coming
 * from the view; `ui/update-model-context` rides along with the next user message, visibly.
 */
import { memoryStorage } from '../shared/key-value-storage';
import { describe, expect, it } from 'vitest';
import { PolicyStore, ToolRegistry } from '../tools';
import { AgentSession } from './agent-session';
import type { UserItem } from './session-types';

/** The context views left, as the composition hands it over (core/apps' store sits above this layer). */
class PendingContext {
  private pending: Array<{ viewId: string; label: string; text: string }> = [];
  set(entry: { viewId: string; label: string; text: string }): void {
    this.pending.push(entry);
  }
  take() {
    const taken = this.pending;
    this.pending = [];
    return taken;
  }
  getSnapshot() {
    return this.pending;
  }
}

function createSession(context: PendingContext) {
  // The model endpoint refuses: the request is still built and kept, which is what is checked.
  const refuse: typeof fetch = async () =>
    new Response('{"error":{"type":"invalid_request_error","message":"no"}}', {
      status: 400,
      headers: { 'content-type': 'application/json' },
    });
  return new AgentSession({
    registry: new ToolRegistry(),
    policies: new PolicyStore({ storage: memoryStorage() }),
    callMcpTool: async () => ({ content: [] }),
    modelFetch: () => refuse,
    sleep: async () => undefined,
    takeModelContext: () => context.take(),
    initialSettings: { provider: 'anthropic', model: 'm', baseUrl: 'http://127.0.0.1:9', apiKey: 'k' },
  });
}

describe('messages and context from app views', () => {
  it('marks a ui/message as sent by the view, in the chat and in the model request', async () => {
    const session = createSession(new PendingContext());
    await session.send('Show me the time', { from: 'basic · get-time' });
    const user = session.getSnapshot().items.find((item): item is UserItem => item.kind === 'user');
    expect(user).toMatchObject({ text: 'Show me the time', from: 'basic · get-time' });
    expect(JSON.stringify(session.requestFor(1, 1)?.messages)).toContain('[Sent by the app view basic · get-time]');
  });

  it('sends the context views left with the next user message only, and shows it on that message', async () => {
    const context = new PendingContext();
    const session = createSession(context);
    context.set({ viewId: 'v', label: 'budget · get-budget-data', text: 'Marketing is 40%' });
    await session.send('What changed?');
    const first = JSON.stringify(session.requestFor(1, 1)?.messages);
    expect(first).toContain('[Context from the app view budget · get-budget-data]\\nMarketing is 40%');
    expect(session.getSnapshot().items.find((item): item is UserItem => item.kind === 'user')?.context).toEqual([
      { viewId: 'v', label: 'budget · get-budget-data', text: 'Marketing is 40%' },
    ]);
    await session.send('And now?');
    const second = session.requestFor(2, 1)?.messages ?? [];
    expect(JSON.stringify(second.at(-1))).not.toContain('Marketing');
    expect(context.getSnapshot()).toEqual([]);
  });
});
