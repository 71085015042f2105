import { describe, expect, it } from 'vitest';
import type { ChatItem } from '../../core/agent';
import { finishedTurnAt } from './turn-ends';

const user = (id: string): ChatItem => ({ kind: 'user', id, text: 'hi', at: 0 });
const answer = (id: string, turn: number): ChatItem => ({
  kind: 'assistant',
  id,
  turn,
  step: 1,
  text: 'ok',
  streaming: false,
  at: 0,
  provider: 'anthropic',
});
const call = (id: string, turn: number): ChatItem => ({ kind: 'tool-call', id, turn, step: 1, publicName: 'f', args: {}, status: 'done' });
const timelines = [
  { turn: 1, startedAt: 100, endedAt: 200, spans: [] },
  { turn: 2, startedAt: 300, spans: [] },
];

describe('finishedTurnAt', () => {
  const items = [user('u1'), call('c1', 1), answer('a1', 1), user('u2'), answer('a2', 2)];

  it('marks the last row of each turn, not the rows before it nor user messages', () => {
    const ends = items.map((_, index) => finishedTurnAt({ items, timelines, running: false, turn: 2 }, index));
    expect(ends).toEqual([undefined, undefined, { turn: 1, startedAt: 100 }, undefined, { turn: 2, startedAt: 300 }]);
  });

  it('leaves out the turn that is running and turns without a timeline', () => {
    expect(finishedTurnAt({ items, timelines, running: true, turn: 2 }, 4)).toBeUndefined();
    expect(finishedTurnAt({ items, timelines, running: true, turn: 2 }, 2)).toEqual({ turn: 1, startedAt: 100 });
    expect(finishedTurnAt({ items: [answer('x', 7)], timelines, running: false, turn: 7 }, 0)).toBeUndefined();
  });
});
