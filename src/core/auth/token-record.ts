/**
 * The record a sign-in keeps from a token response, what a token request sends back from it and
 * what the server card shows of it: pure conversions to and from the stored TokenRecord.
 */
import type { OAuthTokens } from '@modelcontextprotocol/client';
import type { ResolvedClient } from './client-registration';
import type { Discovery } from './discovery';
import type { DpopKey } from './dpop';
import { accountOf } from './token-claims';
import type { TokenRecord } from './token-store';

/** What the server card shows about a sign-in. */
export interface AuthStatus {
  issuer: string;
  /** Who the tokens belong to, when a token says (an ID token's or JWT access token's claims). */
  account?: string;
  scope?: string;
  expiresAt?: number;
  clientSource: TokenRecord['clientSource'];
}

/** What a token response is kept with. */
export interface RecordContext {
  serverUrl: string;
  discovery: Discovery;
  /** The MCP server's scopes asked for, without offline_access: what a step-up's union starts from. */
  requestedScope: string | undefined;
  /** The record refreshed, when this is a refresh (its client and account carry over). */
  previous: TokenRecord | undefined;
  /** The client just resolved, for a new sign-in. */
  client: (ResolvedClient & { issuer: string }) | undefined;
  /** The key a proof was made with; kept only when the token came back DPoP-bound (else it is a Bearer token). */
  dpopKey: DpopKey | undefined;
  /** Epoch milliseconds now, for `expiresAt`. */
  now: number;
}

/** The record to store for `tokens`. */
export function tokenRecordOf(tokens: OAuthTokens, context: RecordContext): TokenRecord {
  const { previous, dpopKey } = context;
  const bound = dpopKey !== undefined && tokens.token_type.toLowerCase() === 'dpop';
  const account = accountOf(tokens, previous);
  const client = previous
    ? { clientId: previous.clientId, clientSource: previous.clientSource, registeredClientSecret: previous.registeredClientSecret }
    : clientFields(context.client);
  return {
    serverUrl: context.serverUrl,
    issuer: issuerOf(context.discovery),
    accessToken: tokens.access_token,
    tokenType: tokens.token_type,
    ...(tokens.refresh_token && { refreshToken: tokens.refresh_token }),
    ...(tokens.scope && { scope: tokens.scope }),
    ...(account && { account }),
    ...(context.requestedScope && { requestedScope: context.requestedScope }),
    ...(tokens.expires_in !== undefined && { expiresAt: context.now + tokens.expires_in * 1000 }),
    clientId: client.clientId,
    clientSource: client.clientSource,
    ...(client.registeredClientSecret && { registeredClientSecret: client.registeredClientSecret }),
    ...(bound && { dpopKey }),
  };
}

/** What the server card shows of a record. */
export function statusOf(record: TokenRecord): AuthStatus {
  return {
    issuer: record.issuer,
    ...(record.account && { account: record.account }),
    ...(record.scope && { scope: record.scope }),
    ...(record.expiresAt !== undefined && { expiresAt: record.expiresAt }),
    clientSource: record.clientSource,
  };
}

/** The client credentials for a token request: a configured secret comes from the config, never from storage. */
export function clientInformationOf(
  record: TokenRecord,
  configuredSecret: string | undefined,
): { client_id: string; client_secret?: string } {
  const secret = record.clientSource === 'config' ? configuredSecret : record.registeredClientSecret;
  return secret ? { client_id: record.clientId, client_secret: secret } : { client_id: record.clientId };
}

/** The issuer a discovery found (its metadata's, else the fallback's origin). */
export function issuerOf(discovery: Discovery): string {
  return discovery.metadata?.issuer ?? discovery.authorizationServer;
}

/** The client fields of a record, from the client just resolved. */
function clientFields(
  client: (ResolvedClient & { issuer: string }) | undefined,
): Pick<TokenRecord, 'clientId' | 'clientSource' | 'registeredClientSecret'> {
  if (client === undefined) throw new Error('no client resolved');
  const secret = client.source === 'dynamic' ? client.information.client_secret : undefined;
  return { clientId: client.information.client_id, clientSource: client.source, ...(secret && { registeredClientSecret: secret }) };
}
