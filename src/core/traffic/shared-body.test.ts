import { describe, expect, it } from 'vitest';
import { entriesOf, isSharedPiece, joinBody, outlineBody, requestBodyOf, shareRequestBody, sharedEntryCount } from './shared-body';
import type { BodyPart, SharedPiece } from './types';

const big = (label: string) => `${label}: ${'x'.repeat(20_000)} "quoted" \\ back\\slash \u00e9\u{1F600}`;

/** A turn's requests: each resends the conversation so far plus a tool call and its result. */
function anthropicTurn(steps: number, system = 'You are terse.'): string[] {
  const messages: unknown[] = [{ role: 'user', content: 'Weather in Paris?' }];
  const bodies: string[] = [];
  for (let step = 0; step < steps; step++) {
    bodies.push(
      JSON.stringify({
        model: 'claude-test',
        max_tokens: 1024,
        system,
        messages,
        tools: [{ name: 'forecast', input_schema: { type: 'object', properties: { messages: { type: 'array' } } } }],
        stream: true,
      }),
    );
    messages.push({ role: 'assistant', content: [{ type: 'tool_use', id: `t${step}`, name: 'forecast', input: { city: 'Paris' } }] });
    messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${step}`, content: big(`result ${step}`) }] });
  }
  return bodies;
}

function chatTurn(steps: number, system = 'You are terse.'): string[] {
  const messages: unknown[] = [
    { role: 'system', content: system },
    { role: 'user', content: 'Weather?' },
  ];
  const bodies: string[] = [];
  for (let step = 0; step < steps; step++) {
    bodies.push(
      JSON.stringify({
        model: 'gpt-test',
        messages,
        tools: [{ type: 'function', function: { name: 'forecast', parameters: {} } }],
        stream: true,
      }),
    );
    messages.push({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: `c${step}`, type: 'function', function: { name: 'forecast', arguments: '{"city":"Paris"}' } }],
    });
    messages.push({ role: 'tool', tool_call_id: `c${step}`, content: big(`result ${step}`) });
  }
  return bodies;
}

function responsesTurn(steps: number): string[] {
  const input: unknown[] = [{ role: 'user', content: [{ type: 'input_text', text: 'Weather?' }] }];
  const bodies: string[] = [];
  for (let step = 0; step < steps; step++) {
    // Pretty-printed, keys in another order: the bytes as sent are kept, whitespace included.
    bodies.push(
      JSON.stringify(
        { input, model: 'gpt-test', instructions: 'Be terse.', tools: [{ type: 'function', name: 'forecast', parameters: {} }] },
        null,
        2,
      ),
    );
    input.push({ type: 'function_call', call_id: `f${step}`, name: 'forecast', arguments: '{}' });
    input.push({ type: 'function_call_output', call_id: `f${step}`, output: big(`result ${step}`) });
  }
  return bodies;
}

/** Cuts each body against the one before it and checks the parts join back exactly. */
function record(bodies: readonly string[], key: string): BodyPart[][] {
  const all: BodyPart[][] = [];
  bodies.forEach((body, index) => {
    const parts = shareRequestBody(body, key, index + 1, all[index - 1]);
    expect(parts).toBeDefined();
    expect(joinBody(parts!)).toBe(body);
    all.push(parts!);
  });
  return all;
}

const ownedBy = (parts: readonly BodyPart[], owner: number) =>
  parts.filter((part): part is SharedPiece => isSharedPiece(part) && part.owner === owner);

describe('shareRequestBody', () => {
  it.each([
    ['Anthropic messages', anthropicTurn(6), 'messages'],
    ['Chat Completions messages', chatTurn(6), 'messages'],
    ['Responses input (pretty-printed)', responsesTurn(6), 'input'],
  ])('keeps %s byte-exact and only the two new entries per step', (_label, bodies, key) => {
    const all = record(bodies, key);
    for (let step = 1; step < all.length; step++) {
      const previous = entriesOf(all[step - 1]!);
      const current = entriesOf(all[step]!);
      expect(current.length).toBe(previous.length + 2);
      previous.forEach((piece, index) => expect(current[index]).toBe(piece));
      // Head and tail are the previous request's too: only the appended entries are new.
      expect(all[step]![0]).toBe(all[step - 1]![0]);
      expect(all[step]!.at(-1)).toBe(all[step - 1]!.at(-1));
      expect(ownedBy(all[step]!, step + 1).map((piece) => piece.index)).toEqual([0, 1]);
    }
  });

  it('keeps the whole text small: the sum of new pieces grows linearly', () => {
    const bodies = chatTurn(40);
    const all = record(bodies, 'messages');
    const kept = all.flatMap((parts, index) => ownedBy(parts, index + 1)).reduce((sum, piece) => sum + piece.text.length, 0);
    const whole = bodies.reduce((sum, body) => sum + body.length, 0);
    expect(kept).toBeLessThan(bodies.at(-1)!.length * 1.01);
    expect(whole).toBeGreaterThan(kept * 15);
  });

  it('shares the entries when only the system prompt changed (Anthropic: the head is new)', () => {
    const [first] = anthropicTurn(3, 'Old prompt.').slice(2);
    const [second] = anthropicTurn(3, 'New prompt.').slice(2);
    const a = shareRequestBody(first!, 'messages', 1)!;
    const b = shareRequestBody(second!, 'messages', 2, a)!;
    expect(joinBody(b)).toBe(second);
    expect(b[0]).not.toBe(a[0]);
    expect(entriesOf(b)).toEqual(entriesOf(a));
    entriesOf(a).forEach((piece, index) => expect(entriesOf(b)[index]).toBe(piece));
  });

  it('keeps the rest shared when the Chat Completions system message changed', () => {
    const a = shareRequestBody(chatTurn(3, 'Old.')[2]!, 'messages', 1)!;
    const changed = chatTurn(3, 'New.')[2]!;
    const b = shareRequestBody(changed, 'messages', 2, a)!;
    expect(joinBody(b)).toBe(changed);
    expect(sharedEntryCount(a, b)).toBe(0);
    expect(entriesOf(b).slice(1)).toEqual(entriesOf(a).slice(1));
    expect(ownedBy(b, 2).map((piece) => piece.text)).toEqual([JSON.stringify({ role: 'system', content: 'New.' })]);
  });

  it('shares what is left of an edited or shortened history (a fork)', () => {
    const original = JSON.parse(chatTurn(4)[3]!) as { messages: unknown[] };
    const a = shareRequestBody(JSON.stringify(original), 'messages', 1)!;
    // Edited in the middle: only the edited entry is new.
    const edited = structuredClone(original);
    edited.messages[3] = { role: 'tool', tool_call_id: 'c0', content: 'edited' };
    const editedText = JSON.stringify(edited);
    const b = shareRequestBody(editedText, 'messages', 2, a)!;
    expect(joinBody(b)).toBe(editedText);
    expect(ownedBy(b, 2).map((piece) => piece.text)).toEqual([JSON.stringify(edited.messages[3])]);
    // An entry dropped: everything after it moves, and is still found.
    const shortened = structuredClone(original);
    shortened.messages.splice(2, 2);
    const shortenedText = JSON.stringify(shortened);
    const c = shareRequestBody(shortenedText, 'messages', 3, a)!;
    expect(joinBody(c)).toBe(shortenedText);
    expect(ownedBy(c, 3)).toEqual([]);
    // Two forks of one request each share its entries, not each other's.
    const d = shareRequestBody(editedText, 'messages', 4, a)!;
    expect(entriesOf(d)[0]).toBe(entriesOf(a)[0]);
  });

  it('keeps odd but valid bodies exact: whitespace, escapes, empty and scalar entries, a nested key of the same name', () => {
    const bodies = [
      '{ "tools" : [{"messages": [1, 2]}] ,\n "messages" : [ ] , "x": "]" }',
      '{ "tools" : [{"messages": [1, 2]}] ,\n "messages" : [ {"a":"\\"]"} ,\t12 , true,null ,"s\\\\"] , "x": "]" }',
      '{ "tools" : [{"messages": [1, 2]}] ,\n "messages" : [ {"a":"\\"]"} ,\t12 , true,null ,"s\\\\", [[]]\n] , "x": "]" }',
      '{"messages":[{"a":1}]}',
      '{"messages":[{"a":1},{"a":12}]}',
      '{"messages":[{"a":1},{"a":1}]}',
    ];
    const all = record(bodies, 'messages');
    expect(entriesOf(all[2]!).map((piece) => piece.text)).toEqual(['{"a":"\\"]"}', '12', 'true', 'null', '"s\\\\"', '[[]]']);
    expect(entriesOf(all[1]!).slice(0, 5)).toEqual(entriesOf(all[2]!).slice(0, 5));
  });

  it('leaves bodies it cannot cut whole', () => {
    for (const text of [
      'not json',
      '[1,2]',
      '{"messages":{"a":1}}',
      '{"model":"m"}',
      '{"messages":[{"a":1}',
      '{"messages":[1 2]}',
      '{"messages":["open]}',
    ]) {
      expect(shareRequestBody(text, 'messages', 1)).toBeUndefined();
    }
  });

  it('survives any random edit of a history byte for byte', () => {
    let seed = 7;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    let messages: unknown[] = [];
    let previous: BodyPart[] | undefined;
    for (let round = 0; round < 300; round++) {
      const move = random(5);
      if (move < 3 || messages.length === 0)
        messages.push({ role: random(2) ? 'user' : 'assistant', content: 'm'.repeat(random(40)) + round });
      else if (move === 3) messages.splice(random(messages.length), 1);
      else messages[random(messages.length)] = { edited: round, text: '"]}\\' };
      const text =
        random(4) === 0 ? JSON.stringify({ messages, model: `m${round % 3}` }, null, random(3)) : JSON.stringify({ model: 'm', messages });
      const parts = shareRequestBody(text, 'messages', round + 1, previous);
      expect(joinBody(parts!)).toBe(text);
      previous = parts;
      if (random(10) === 0) messages = messages.slice(0, random(messages.length + 1));
    }
  });
});

describe('reading bodies kept in parts', () => {
  it('requestBodyOf answers the whole text for either kind of record', () => {
    const text = chatTurn(2)[1]!;
    const parts = shareRequestBody(text, 'messages', 1)!;
    expect(requestBodyOf({ requestBodyParts: parts })).toBe(text);
    expect(requestBodyOf({ requestBody: 'plain' })).toBe('plain');
    expect(requestBodyOf({})).toBeUndefined();
  });

  it('outlineBody keeps the count, the settings and system roles, not the entries', () => {
    const parts = shareRequestBody(chatTurn(3)[2]!, 'messages', 1)!;
    const outline = JSON.parse(outlineBody(parts)) as { model: string; messages: unknown[]; tools: unknown[] };
    expect(outline.model).toBe('gpt-test');
    expect(outline.tools).toHaveLength(1);
    expect(outline.messages).toEqual([
      { role: 'system' },
      { role: 'user' },
      { role: 'assistant' },
      { role: 'tool' },
      { role: 'assistant' },
      { role: 'tool' },
    ]);
    const responses = shareRequestBody(responsesTurn(2)[1]!, 'input', 1)!;
    expect((JSON.parse(outlineBody(responses, 1)) as { input: unknown[] }).input).toEqual([
      { role: 'user' },
      expect.objectContaining({ type: 'function_call' }),
      expect.objectContaining({ type: 'function_call_output' }),
    ]);
  });
});
