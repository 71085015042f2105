import { describe, expect, it } from 'vitest';
import type { ChatItem } from '../../core/agent';
import { chatRows } from './chat-rows';

const user = (id: string): ChatItem => ({ kind: 'user', id, text: 'hi', at: 0 });
const reply = (id: string, turn: number, text: string, more: Partial<Extract<ChatItem, { kind: 'assistant' }>> = {}): ChatItem => ({
  kind: 'assistant',
  id,
  turn,
  step: 1,
  text,
  streaming: false,
  at: 0,
  provider: 'anthropic',
  ...more,
});
const call = (id: string, turn: number): ChatItem => ({ kind: 'tool-call', id, turn, step: 1, publicName: 'f', args: {}, status: 'done' });
const timelines = [
  { turn: 1, startedAt: 100, endedAt: 200, spans: [] },
  { turn: 2, startedAt: 300, spans: [] },
];

describe('chatRows', () => {
  it('gives a tool-only reply no row, but keeps a streaming, stopped or cut one', () => {
    const items = [
      user('u1'),
      reply('a1', 1, ''),
      call('c1', 1),
      reply('a2', 1, '', { streaming: true }),
      reply('a3', 1, '', { stopReason: 'stopped' }),
      reply('a4', 1, '', { stopReason: 'incomplete' }),
      reply('a5', 1, 'done'),
    ];
    const rows = chatRows({ items, timelines, running: true, turn: 1 }, true);
    expect(rows.map((row) => row.key)).toEqual(['u1', 'c1', 'a2', 'a3', 'a4', 'a5']);
    expect(rows.every((row, index) => row.item === items.find((item) => item.id === rows[index]!.key))).toBe(true);
  });

  it('puts each finished turn on its last row, even a tool-only reply, and only with replays', () => {
    const items = [user('u1'), call('c1', 1), reply('a1', 1, ''), user('u2'), reply('a2', 2, 'ok')];
    const rows = chatRows({ items, timelines, running: false, turn: 2 }, true);
    expect(rows.map((row) => [row.key, row.ended])).toEqual([
      ['u1', undefined],
      ['c1', undefined],
      ['a1', { turn: 1, startedAt: 100 }],
      ['u2', undefined],
      ['a2', { turn: 2, startedAt: 300 }],
    ]);
    expect(chatRows({ items, timelines, running: false, turn: 2 }, false).map((row) => row.key)).toEqual(['u1', 'c1', 'u2', 'a2']);
  });
});
