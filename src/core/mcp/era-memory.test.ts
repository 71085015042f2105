/** The era remembered per server URL: the decision, pure (real connects: src/core/remembered-era.test.ts). */
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../shared/key-value-storage';
import { ERA_MEMORY_HORIZON_MS, ERA_MEMORY_KEY, EraMemory, priorFor, probesAfterFailure, verdictAfter } from './era-memory';

const NOW = 1_800_000_000_000;

describe('the decision', () => {
  it('connects in a remembered 2025 era within the horizon, over streamable HTTP only', () => {
    const remembered = { era: 'legacy' as const, at: NOW - 1000 };
    expect(priorFor(remembered, 'streamable-http', NOW)).toEqual({ kind: 'legacy' });
    expect(priorFor(undefined, 'streamable-http', NOW)).toBeUndefined();
    expect(priorFor(remembered, 'sse', NOW)).toBeUndefined();
    expect(priorFor({ era: 'legacy', at: NOW - ERA_MEMORY_HORIZON_MS - 1 }, 'streamable-http', NOW)).toBeUndefined();
    expect(priorFor({ era: 'legacy', at: NOW + 60_000 }, 'streamable-http', NOW)).toBeUndefined();
  });

  it('remembers a probed 2025 era, keeps (not re-dates) a used one, forgets on a 2026 era or a new server version', () => {
    const base = { transport: 'streamable-http' as const, server: 'weather 1.0.0', now: NOW };
    expect(verdictAfter({ ...base, era: 'legacy', prior: undefined }, undefined)).toEqual({
      era: 'legacy',
      at: NOW,
      server: 'weather 1.0.0',
    });
    const remembered = { era: 'legacy' as const, at: NOW - 5000, server: 'weather 1.0.0' };
    expect(verdictAfter({ ...base, era: 'legacy', prior: { kind: 'legacy' } }, remembered)).toBe(remembered);
    expect(verdictAfter({ ...base, era: 'legacy', prior: { kind: 'legacy' }, server: 'weather 2.0.0' }, remembered)).toBeUndefined();
    expect(verdictAfter({ ...base, era: 'modern', prior: undefined }, remembered)).toBeUndefined();
    expect(verdictAfter({ ...base, transport: 'sse', era: 'legacy', prior: undefined }, undefined)).toBeUndefined();
  });

  it('probes again after an answer that is not about credentials; not after a network failure or a sign-in', () => {
    const http = (status: number) => Object.assign(new Error(`HTTP ${status}`), { code: 'CLIENT_HTTP_NOT_IMPLEMENTED', data: { status } });
    expect(probesAfterFailure(http(400))).toBe(true);
    expect(probesAfterFailure(http(404))).toBe(true);
    expect(probesAfterFailure(Object.assign(new Error('Unsupported protocol version'), { code: -32022 }))).toBe(true);
    expect(probesAfterFailure(http(401))).toBe(false);
    expect(probesAfterFailure(http(403))).toBe(false);
    expect(probesAfterFailure(new TypeError('fetch failed'))).toBe(false);
  });

  it('keeps no secret in storage and ignores malformed stored state', () => {
    const storage = memoryStorage();
    const memory = new EraMemory(storage, () => NOW);
    memory.connected('https://h.example/mcp?token=abc123secret', {
      transport: 'streamable-http',
      era: 'legacy',
      prior: undefined,
      server: 's 1',
    });
    expect(storage.getItem(ERA_MEMORY_KEY)).toContain('token=[redacted]');
    expect(storage.getItem(ERA_MEMORY_KEY)).not.toContain('abc123secret');
    expect(memory.prior('https://h.example/mcp?token=abc123secret', 'streamable-http')).toEqual({ kind: 'legacy' });
    storage.setItem(ERA_MEMORY_KEY, '{"https://h.example/mcp":{"era":"modern","at":1},"x":null,"y":{"era":"legacy","at":"soon"}}');
    expect(memory.prior('https://h.example/mcp', 'streamable-http')).toBeUndefined();
    storage.setItem(ERA_MEMORY_KEY, 'not json');
    expect(memory.prior('https://h.example/mcp', 'streamable-http')).toBeUndefined();
  });
});
