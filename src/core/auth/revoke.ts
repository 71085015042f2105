/**
 * Sign-out's call to the authorization server: token revocation (RFC 7009), when the server
 * offers a revocation endpoint. The SDK has no revocation function, so this is a plain form POST
 * (the refresh token first: revoking it ends the grant, and with it the access tokens).
 */
import type { AuthorizationServerMetadata, FetchLike } from '@modelcontextprotocol/client';
import type { AuthTrace } from './auth-trace';
import { explainFetchFailure, firstFetchFailure } from './explain-fetch-failure';
import type { FailureContext } from './explain-fetch-failure';
import type { TokenRecord } from './token-store';

/** Revokes the record's tokens, recording a `revoke` step. Never throws: sign-out goes on locally whatever the server says. */
export async function revokeTokens(options: {
  record: TokenRecord;
  metadata: AuthorizationServerMetadata | undefined;
  clientSecret?: string;
  fetch: FetchLike;
  trace: AuthTrace;
  failure: FailureContext;
}): Promise<void> {
  const { record, metadata, trace } = options;
  const step = trace.begin('revoke');
  // OpenID discovery's type does not list revocation_endpoint, but providers publish it there too.
  const published = metadata === undefined ? undefined : (metadata as { revocation_endpoint?: unknown }).revocation_endpoint;
  const endpoint = typeof published === 'string' ? published : undefined;
  if (!endpoint) {
    step.skip('The authorization server offers no revocation endpoint: the tokens are forgotten here and expire there.');
    return;
  }
  const stepFetch = step.fetch(options.fetch);
  const secret = options.clientSecret ?? record.registeredClientSecret;
  const tokens: Array<[string, string]> = [['access_token', record.accessToken]];
  if (record.refreshToken) tokens.unshift(['refresh_token', record.refreshToken]);
  let refused = 0;
  for (const [hint, token] of tokens) {
    const body = new URLSearchParams({ token, token_type_hint: hint, client_id: record.clientId });
    if (secret) body.set('client_secret', secret);
    try {
      const response = await stepFetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      if (!response.ok) refused += 1;
      await response.body?.cancel();
    } catch {
      refused += 1;
    }
  }
  const blocked = firstFetchFailure(step.record.exchanges);
  if (blocked) {
    step.fail(explainFetchFailure('revoke', blocked.url, blocked.failure?.message ?? '', options.failure));
    return;
  }
  if (refused > 0) step.check(`${refused} of ${tokens.length} revocation requests were refused`);
  step.ok(refused === 0 ? 'Tokens revoked.' : 'Signed out here; the server refused part of the revocation.');
}
