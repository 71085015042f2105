import { describe, expect, it } from 'vitest';
import { buildViewDocument, buildViewPolicy } from './view-document';

const none = { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] };

/** The sources of one directive in a policy. */
function directive(policy: string, name: string): string[] {
  const found = policy.split('; ').find((part) => part.startsWith(`${name} `));
  return found ? found.split(' ').slice(1) : [];
}

describe('buildViewPolicy', () => {
  it('is restrictive when the resource declares nothing: no connections, no frames, no remote scripts', () => {
    const { policy, refused } = buildViewPolicy(none);
    expect(directive(policy, 'default-src')).toEqual(["'none'"]);
    expect(directive(policy, 'connect-src')).toEqual(["'none'"]);
    expect(directive(policy, 'frame-src')).toEqual(["'none'"]);
    expect(directive(policy, 'script-src')).toEqual(["'unsafe-inline'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'none'"]);
    expect(refused).toEqual([]);
  });

  it('lets a view connect only to its declared connect domains, and load only from its resource domains', () => {
    const { policy } = buildViewPolicy({
      ...none,
      connectDomains: ['https://api.example.com', 'wss://live.example.com'],
      resourceDomains: ['https://cdn.example.com/'],
    });
    expect(directive(policy, 'connect-src')).toEqual(['https://api.example.com', 'wss://live.example.com']);
    expect(directive(policy, 'script-src')).toEqual(["'unsafe-inline'", 'https://cdn.example.com']);
    expect(directive(policy, 'img-src')).toContain('https://cdn.example.com');
    expect(directive(policy, 'connect-src')).not.toContain('https://cdn.example.com');
  });

  it('never widens beyond the declaration: wildcards, keywords, paths and injected directives are refused', () => {
    const { policy, refused } = buildViewPolicy({
      ...none,
      connectDomains: [
        '*',
        "'unsafe-eval'",
        'https://a.example.com; script-src *',
        'https://b.example.com/path',
        'data:',
        'https://ok.example.com',
      ],
    });
    expect(directive(policy, 'connect-src')).toEqual(['https://ok.example.com']);
    expect(policy).not.toContain('unsafe-eval');
    expect(policy.match(/script-src/g)).toHaveLength(1);
    expect(refused).toHaveLength(5);
  });
});

describe('buildViewDocument', () => {
  it('puts the policy before any of the view, even a script placed before its head', () => {
    const { document } = buildViewDocument('<!DOCTYPE html><script>evil()</script><html><head><title>v</title></head></html>', none);
    expect(document.startsWith('<!doctype html><meta http-equiv="Content-Security-Policy"')).toBe(true);
    expect(document.indexOf('evil()')).toBeGreaterThan(document.indexOf('Content-Security-Policy'));
    expect(document.match(/<!doctype/gi)).toHaveLength(1);
  });

  it('escapes the policy for its attribute', () => {
    const { document } = buildViewDocument('<p>x</p>', { ...none, connectDomains: ['https://a.example.com'] });
    expect(document).toContain("content=\"default-src 'none'; script-src 'unsafe-inline';");
    expect(document).not.toContain('content="default-src \'none\'"><');
  });
});
