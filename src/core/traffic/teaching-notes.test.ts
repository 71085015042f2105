import { describe, expect, it } from 'vitest';
import { teachingNoteFor, teachingNoteForTopic } from './teaching-notes';
import type { TeachingTopic } from './teaching-notes';

describe('teachingNoteFor', () => {
  it('explains what initialize negotiates and the session id it may bring', () => {
    expect(teachingNoteFor('initialize', 'request')).toMatch(/protocol version/);
    const answer = teachingNoteFor('initialize', 'response');
    expect(answer).toMatch(/capabilities/);
    expect(answer).toMatch(/serverInfo/);
    expect(answer).toMatch(/Mcp-Session-Id/);
  });

  it('explains server/discover as the 2026 opening and the era probe', () => {
    const probe = teachingNoteFor('server/discover', 'request', 'modern');
    expect(probe).toMatch(/no session/);
    expect(probe).toMatch(/400/);
    expect(teachingNoteFor('server/discover', 'error')).toMatch(/falls back to initialize/);
  });

  it('mentions pagination for tools/list', () => {
    expect(teachingNoteFor('tools/list', 'request')).toMatch(/nextCursor/);
    expect(teachingNoteFor('tools/list', 'response')).toMatch(/nextCursor/);
  });

  it('has a note of its own for each common method', () => {
    const generic = new Set([teachingNoteFor('no/such-method', 'request'), teachingNoteFor('no/such-method', 'notification')]);
    for (const [method, kind] of [
      ['notifications/initialized', 'notification'],
      ['tools/call', 'request'],
      ['tools/call', 'response'],
      ['notifications/progress', 'notification'],
      ['notifications/cancelled', 'notification'],
      ['notifications/tools/list_changed', 'notification'],
      ['notifications/message', 'notification'],
      ['ping', 'request'],
    ] as const) {
      const note = teachingNoteFor(method, kind);
      expect(generic.has(note), `${method} ${kind}`).toBe(false);
      expect(note.length).toBeGreaterThan(20);
    }
  });

  it('uses the era-specific note when there is one', () => {
    expect(teachingNoteFor('notifications/tools/list_changed', 'notification', 'modern')).toMatch(/subscriptions\/listen/);
    expect(teachingNoteFor('notifications/tools/list_changed', 'notification', 'legacy')).not.toMatch(/subscriptions\/listen/);
  });

  it('falls back to what the kind means: ids pair, notifications have none', () => {
    expect(teachingNoteFor('x/unknown', 'notification')).toMatch(/no id because nobody answers it/);
    expect(teachingNoteFor('x/unknown', 'response')).toMatch(/id of the request it answers/);
    expect(teachingNoteFor('x/unknown', 'error')).toMatch(/error/);
    expect(teachingNoteFor('notifications/progress', 'response')).toMatch(/id of the request it answers/);
  });
});

describe('teachingNoteForTopic', () => {
  it('explains Mcp-Param headers: x-mcp-header, omitted when null, Base64 for unsafe text, CORS', () => {
    const note = teachingNoteForTopic('param-headers');
    expect(note).toMatch(/x-mcp-header/);
    expect(note).toMatch(/null or missing argument sends no header/);
    expect(note).toMatch(/=\?base64\?/);
    expect(note).toMatch(/preflight/);
  });

  it('explains the session id: per-client state, echoed, ended by DELETE', () => {
    const note = teachingNoteForTopic('session-id');
    expect(note).toMatch(/per-client state/);
    expect(note).toMatch(/echoes it in every later request/);
    expect(note).toMatch(/DELETE/);
  });

  it('has a distinct note for every topic', () => {
    const topics: TeachingTopic[] = [
      'session-id',
      'era-probe',
      'protocol-version-header',
      'method-headers',
      'param-headers',
      'dpop-proof',
      'get-stream',
      'delete-session',
      'accepted-202',
      'sse-response',
    ];
    expect(new Set(topics.map(teachingNoteForTopic)).size).toBe(topics.length);
  });
});
