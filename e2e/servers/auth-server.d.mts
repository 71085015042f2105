/** The scope every tool needs. */
export declare const READ_SCOPE: 'mcp:read';
/** The wider scope `write_note` needs. */
export declare const WRITE_SCOPE: 'mcp:write';
/** The account every authorization logs in as. */
export declare const TEST_ACCOUNT: string;
/** The client id of the pre-registered public client. */
export declare const PREREGISTERED_CLIENT_ID: string;

/** A started authorization server with its protected MCP server. */
export interface RunningAuthServer {
  /** The protected MCP endpoint (with resource metadata), same as mcpUrl. */
  url: string;
  origin: string;
  /** The authorization server's issuer (the origin). */
  issuer: string;
  mcpUrl: string;
  /** An MCP endpoint without resource metadata (a 2025-03-26 server). */
  legacyMcpUrl: string;
  /** The client metadata document URLs the authorization server fetched, in order. */
  documentsFetched: string[];
  /** Whether the scripted interaction grants or denies. */
  setConsent(mode: 'grant' | 'deny'): void;
  /** Ends every access token issued so far, as expiry would (refresh tokens stay valid). */
  expireAccessTokens(): void;
  /** The proof checks of `dpop` mode: its nonce, the claims of each proof accepted, the nonce challenges sent. */
  dpop: { nonce: string; accepted: Array<Record<string, unknown>>; nonceChallenges: number } | undefined;
  /** Looks a token up as /mcp does (what another server's `useAuthorizationServer` takes). */
  findAccessToken(token: string): Promise<{ jti: string; aud?: string | string[]; scope?: string; jkt?: string } | undefined>;
  expired: Set<string>;
  /** Moves /mcp to `other` (SEP-2352): its metadata names `other`, and only `other`'s tokens are taken. */
  useAuthorizationServer(other: Pick<RunningAuthServer, 'origin' | 'findAccessToken' | 'expired'>): void;
  close(): Promise<void>;
}

/** Starts the authorization server and its MCP server on one origin. */
export declare function start(options?: {
  host?: string;
  port?: number;
  /** Access token lifetime in seconds. Default 3600. */
  accessTokenTtl?: number;
  /** Redirect URIs of the pre-registered client. */
  redirectUris?: string[];
  /** PEM certificate to trust when fetching client metadata documents. */
  documentCa?: string;
  /** false: token and registration endpoints send no CORS headers. Default true. */
  cors?: boolean;
  /** 'jwt': signed JWT access tokens (RFC 9068) carrying the account's `sub`. Default 'opaque'. */
  accessTokenFormat?: 'opaque' | 'jwt';
  /** true: /mcp requires DPoP-bound tokens with proofs carrying its nonce; the token endpoint requires a nonce. */
  dpop?: boolean;
  /** More resource URLs tokens may be issued for (another server's /mcp). */
  resources?: string[];
}): Promise<RunningAuthServer>;

/** A protected MCP server whose authorization server publishes no metadata. */
export declare function startWithoutAuthorizationServer(options?: {
  host?: string;
  port?: number;
}): Promise<{ url: string; origin: string; close(): Promise<void> }>;

/** Follows an authorization URL through redirects and the scripted interaction to `redirectUri`; returns the callback query. */
export declare function authorizeByFetch(authorizationUrl: URL | string, redirectUri: string): Promise<URLSearchParams>;
