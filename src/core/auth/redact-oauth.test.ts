import { describe, expect, it } from 'vitest';
import { AuthTrace } from './auth-trace';
import { redactOAuthUrl } from './redact-oauth';

const SERVER = 'https://mcp.example.com/mcp?token=abc123secret';

describe('what the auth debugger records of a server URL with a secret query value', () => {
  it('redacts OAuth parameters, the URL policy, and a server URL carried as `resource`', () => {
    const authorize = `https://as.example.com/authorize?client_id=glassbox&code_challenge=xyz&state=s1&resource=${encodeURIComponent(SERVER)}`;
    const recorded = redactOAuthUrl(authorize);
    expect(recorded).not.toContain('abc123secret');
    expect(decodeURIComponent(recorded)).toContain('https://mcp.example.com/mcp?token=[redacted]');
    expect(recorded).toContain('client_id=glassbox');
    expect(recorded).not.toContain('xyz');
    expect(redactOAuthUrl(SERVER)).toBe('https://mcp.example.com/mcp?token=[redacted]');
  });

  it('redacts URLs in the sentences of a step: checks and notes', () => {
    const trace = new AuthTrace();
    const step = trace.begin('resource-metadata');
    step.check(`The metadata's resource https://mcp.example.com/mcp covers ${SERVER}`);
    step.ok(`Found for ${SERVER}.`);
    const text = JSON.stringify(trace.steps());
    expect(text).not.toContain('abc123secret');
    expect(text).toContain('token=[redacted]');
  });
});
