/** Unit tests of the loop's helpers: error classification, approvals, timeline totals, restoring saved data. */
import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { ToolFailure } from '../tools';
import { ApprovalGate, raceAbort } from './approval-gate';
import { attemptsFor } from './call-model';
import { classifyToolError } from './classify-tool-error';
import { parseSessionData } from './session-data';
import { summarizeTimeline, unionLength } from './timeline-totals';

describe('classifyToolError', () => {
  it('maps SDK and JSON-RPC errors to their categories', () => {
    expect(classifyToolError(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out')).category).toBe('timeout');
    expect(classifyToolError(new Error('MCP error -32001: Request timed out')).category).toBe('timeout');
    const protocol = classifyToolError(new ProtocolError(-32602, 'Invalid params: city'));
    expect(protocol.category).toBe('protocol-error');
    expect(protocol.message).toContain('-32602');
    expect(classifyToolError(new SdkError(SdkErrorCode.NotConnected, 'Not connected')).category).toBe('server-disconnected');
    expect(classifyToolError(new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed')).category).toBe('server-disconnected');
    expect(classifyToolError(new Error('Server "weather" is not connected')).category).toBe('server-disconnected');
    expect(classifyToolError(new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') }))).toEqual({
      category: 'network',
      message: 'fetch failed (ECONNREFUSED)',
    });
    expect(classifyToolError(new ToolFailure('denied', 'no'))).toEqual({ category: 'denied', message: 'no' });
    expect(classifyToolError(new Error('the tool blew up')).category).toBe('tool-error');
  });

  it('treats anything thrown after a stop as cancelled', () => {
    const controller = new AbortController();
    controller.abort();
    expect(classifyToolError(new SdkError(SdkErrorCode.RequestTimeout, 'x'), controller.signal).category).toBe('cancelled');
    const abort = new Error('aborted');
    abort.name = 'AbortError';
    expect(classifyToolError(abort).category).toBe('cancelled');
  });
});

describe('ApprovalGate', () => {
  it('resolves with the decision, and rejects waiting calls when the signal aborts', async () => {
    const gate = new ApprovalGate();
    const controller = new AbortController();
    const first = gate.wait('a', controller.signal);
    const second = gate.wait('b', controller.signal);
    expect(gate.isWaiting('a')).toBe(true);
    expect(gate.decide('a', 'always')).toBe(true);
    expect(gate.decide('a', 'once')).toBe(false);
    await expect(first).resolves.toBe('always');
    controller.abort(new Error('stop'));
    await expect(second).rejects.toThrow('stop');
    expect(gate.isWaiting('b')).toBe(false);
  });

  it('raceAbort settles on abort even when the work ignores the signal', async () => {
    const controller = new AbortController();
    const never = new Promise<string>(() => undefined);
    const raced = raceAbort(never, controller.signal);
    controller.abort(new Error('stopped'));
    await expect(raced).rejects.toThrow('stopped');
  });
});

describe('attemptsFor', () => {
  it('retries 429 and 529 three times, 500 and 503 twice, nothing else', () => {
    const failure = (status: number, retryable = true) => ({ code: 'x', title: '', detail: '', retryable, status });
    expect(attemptsFor(failure(429))).toBe(3);
    expect(attemptsFor(failure(529))).toBe(3);
    expect(attemptsFor(failure(503))).toBe(2);
    expect(attemptsFor(failure(500))).toBe(2);
    expect(attemptsFor(failure(502))).toBe(1);
    expect(attemptsFor(failure(429, false))).toBe(1);
    expect(attemptsFor({ code: 'stream-cut', title: '', detail: '', retryable: true })).toBe(1);
  });
});

describe('unionLength', () => {
  it('counts overlapping intervals once and adds disjoint ones', () => {
    expect(
      unionLength([
        [0, 10],
        [5, 15],
        [20, 25],
      ]),
    ).toBe(20);
    expect(
      unionLength([
        [20, 25],
        [0, 10],
        [2, 3],
      ]),
    ).toBe(15);
    expect(unionLength([])).toBe(0);
    expect(
      unionLength([
        [5, 5],
        [7, 3],
      ]),
    ).toBe(0);
  });
});

describe('summarizeTimeline', () => {
  it('counts overlapping tool spans once and open spans up to now', () => {
    const totals = summarizeTimeline(
      {
        turn: 1,
        startedAt: 0,
        spans: [
          { kind: 'model', label: 'm1', start: 0, end: 100, step: 1 },
          { kind: 'tool', label: 'a', start: 100, end: 300, step: 1, toolCallId: 'a' },
          { kind: 'tool', label: 'b', start: 150, end: 250, step: 1, toolCallId: 'b' },
          { kind: 'model', label: 'm2', start: 300, step: 2 },
        ],
      },
      450,
    );
    expect(totals).toEqual({ totalMs: 450, modelMs: 250, toolMs: 200, toolCallMs: 300, modelRequests: 2, toolCalls: 2 });
  });
});

describe('parseSessionData', () => {
  it('rejects what is not a session', () => {
    expect(parseSessionData(null).data).toBeUndefined();
    expect(parseSessionData({ version: 2 }).problems[0]).toContain('unknown version');
  });

  it('keeps what it can, lists the rest, and marks in-flight work as interrupted', () => {
    const parsed = parseSessionData({
      version: 1,
      settings: { provider: 'openai', model: 'gpt-4.1', baseUrl: '', maxSteps: 5, maxTokens: 100, apiKey: 'sk-should-not-come-back' },
      items: [
        { kind: 'user', id: 'u1', text: 'hi', at: 1 },
        { kind: 'assistant', id: 'a1', turn: 1, step: 1, text: 'par', streaming: true, at: 2, provider: 'openai' },
        { kind: 'tool-call', id: 'call_1', turn: 1, step: 1, publicName: 'x', args: {}, status: 'awaiting-approval' },
        { kind: 'mystery', id: 'm' },
      ],
      history: [
        { role: 'user', parts: [{ type: 'text', text: 'hi' }] },
        { role: 'robot', parts: [] },
      ],
      timelines: [{ turn: 1, startedAt: 0, spans: [{ kind: 'model', label: 'm', start: 0, step: 1 }] }],
      turn: 1,
      requests: [{ turn: 1, step: 1, messageCount: 5, provider: 'openai', request: { model: 'x', tools: [], maxTokens: 1, stream: true } }],
    });
    const data = parsed.data!;
    expect(parsed.problems).toEqual([
      'Chat item 4 was not understood and was skipped.',
      'History message 2 was not understood and was skipped.',
    ]);
    expect(data.settings).toEqual({ provider: 'openai', model: 'gpt-4.1', baseUrl: '', maxSteps: 5, maxTokens: 100 });
    expect(data.items[1]).toMatchObject({ streaming: false, stopReason: 'incomplete' });
    expect(data.items[2]).toMatchObject({ status: 'failed', failure: { category: 'cancelled' } });
    expect(data.history).toHaveLength(1);
    expect(data.timelines[0]).toMatchObject({ endedAt: 0, spans: [{ end: 0 }] });
    // A request record pointing past the history is dropped.
    expect(data.requests).toEqual([]);
  });

  it('names an unknown wire format as a problem instead of turning it into another format', () => {
    const parsed = parseSessionData({
      version: 1,
      settings: { provider: 'gemini', model: 'g', baseUrl: '', maxSteps: 5, maxTokens: 100 },
      items: [
        { kind: 'assistant', id: 'a1', turn: 1, step: 1, text: 'hi', at: 2, provider: 'gemini' },
        { kind: 'assistant', id: 'a2', turn: 1, step: 2, text: 'ho', at: 3, provider: 'openai-responses' },
      ],
      history: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }],
      requests: [{ turn: 1, step: 1, messageCount: 1, provider: 'gemini', request: { model: 'g', tools: [], maxTokens: 1, stream: true } }],
    });
    expect(parsed.problems).toEqual([
      'Saved settings: unknown wire format "gemini"; Anthropic Messages (anthropic) is used instead. Known formats: anthropic, openai, openai-responses, demo.',
      'Reply a1: unknown wire format "gemini"; Anthropic Messages (anthropic) is used instead. Known formats: anthropic, openai, openai-responses, demo.',
      'The request of turn 1, step 1 names an unknown wire format "gemini"; it was dropped, so that request cannot be rebuilt in another format.',
    ]);
    expect(parsed.data?.items.map((item) => (item.kind === 'assistant' ? item.provider : ''))).toEqual(['anthropic', 'openai-responses']);
    expect(parsed.data?.requests).toEqual([]);
  });
});
