import { describe, expect, it } from 'vitest';
import { explainFetchFailure } from './explain-fetch-failure';

const PAGE = { corsApplies: true, appOrigin: 'https://glassbox.example' };

describe('explainFetchFailure', () => {
  it('in a page, names the endpoint and the exact headers each kind of endpoint must send', () => {
    const registration = explainFetchFailure('registration', 'https://as.example/register', 'Failed to fetch', PAGE);
    expect(registration.code).toBe('cors-blocked');
    expect(registration.message).toContain('registration endpoint at https://as.example/register');
    expect(registration.fix).toContain('Access-Control-Allow-Headers: content-type');
    const metadata = explainFetchFailure(
      'as-metadata',
      'https://as.example/.well-known/oauth-authorization-server',
      'Failed to fetch',
      PAGE,
    );
    expect(metadata.fix).toContain('`*` is safe');
    const token = explainFetchFailure('token', 'https://as.example/token', 'Failed to fetch', PAGE);
    expect(token.fix).toContain('`Access-Control-Allow-Origin: https://glassbox.example`');
    expect(token.fix).not.toContain('Allow-Headers');
    expect(token.endpoint).toBe('https://as.example/token');
  });

  it('in Node, where there is no CORS, calls the same failure a network failure', () => {
    const error = explainFetchFailure('token', 'http://127.0.0.1:9/token', 'fetch failed', { corsApplies: false });
    expect(error.code).toBe('network-failed');
    expect(error.message).toContain('fetch failed');
  });
});
