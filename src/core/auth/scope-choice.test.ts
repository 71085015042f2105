import { describe, expect, it } from 'vitest';
import { chooseScope, OFFLINE_ACCESS, withOfflineAccess } from './scope-choice';

const discovery = { resourceMetadata: { resource: 'https://mcp.example/mcp', scopes_supported: ['mcp:basic', 'mcp:read'] } };

describe('chooseScope', () => {
  it("takes the step-up's union, else the configured scopes, else the challenge's, else the resource's scopes_supported", () => {
    const challenge = { scope: 'mcp:challenged' };
    expect(chooseScope({ override: 'a b', configured: ['c'], challenge, discovery })).toBe('a b');
    expect(chooseScope({ configured: ['c', 'd'], challenge, discovery })).toBe('c d');
    expect(chooseScope({ configured: [], challenge, discovery })).toBe('mcp:challenged');
    expect(chooseScope({ discovery })).toBe('mcp:basic mcp:read');
  });

  it('sends no scope when nothing names one', () => {
    expect(chooseScope({ discovery: {} })).toBeUndefined();
    expect(chooseScope({ challenge: { scope: ' ' }, discovery: {} })).toBeUndefined();
  });
});

describe('withOfflineAccess (SEP-2207)', () => {
  it('adds offline_access when the authorization server lists it, once', () => {
    const metadata = { scopes_supported: ['mcp:basic', OFFLINE_ACCESS] };
    expect(withOfflineAccess('mcp:basic', metadata)).toBe('mcp:basic offline_access');
    expect(withOfflineAccess('offline_access mcp:basic', metadata)).toBe('offline_access mcp:basic');
  });

  it('never asks for it where the server does not list it, nor adds a scope where none is asked for', () => {
    expect(withOfflineAccess('mcp:basic', { scopes_supported: ['mcp:basic', 'mcp:read'] })).toBe('mcp:basic');
    expect(withOfflineAccess('mcp:basic', undefined)).toBe('mcp:basic');
    expect(withOfflineAccess(undefined, { scopes_supported: [OFFLINE_ACCESS] })).toBeUndefined();
  });
});
