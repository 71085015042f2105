/**
 * One MCP server's sign-in: the token to send, refreshed before it expires; the answer to a 401
 * (a new authorization server in the resource metadata: start over there, SEP-2352; else refresh,
 * else sign in) and to a 403 `insufficient_scope` (sign in again with the union of the scopes);
 * DPoP-bound tokens when both servers take them (RFC 9449); sign-out with revocation. Flows never
 * overlap: concurrent requests share one.
 */
import { computeScopeUnion, isStrictScopeSuperset, refreshAuthorization } from '@modelcontextprotocol/client';
import type { FetchLike, OAuthTokens } from '@modelcontextprotocol/client';
import type { AppOAuthUrls } from './app-urls';
import { AuthError } from './auth-error';
import { AuthTrace } from './auth-trace';
import { authorize, beginAuthorization, finishAuthorization, tokenFailure } from './authorize';
import type { OpenAuthorization } from './authorize';
import { resolveClient } from './client-registration';
import type { OAuthServerConfig, ResolvedClient } from './client-registration';
import { discover, readChallenge } from './discovery';
import { createDpopKey, DpopNonces, wantsDpop, withTokenRequestProofs } from './dpop';
import type { DpopKey } from './dpop';
import { RequestSigner } from './request-signer';
import type { Credentials } from './request-signer';
import type { Challenge, Discovery } from './discovery';
import type { FailureContext } from './explain-fetch-failure';
import type { PendingRedirect, RedirectReturn } from './pending-redirect';
import { PromptBudget } from './prompt-budget';
import { revokeTokens } from './revoke';
import { chooseScope, withOfflineAccess } from './scope-choice';
import { clientInformationOf, issuerOf, statusOf, tokenRecordOf, type AuthStatus } from './token-record';
import { MemoryTokenStore } from './token-store';
import type { TokenRecord, TokenStore } from './token-store';

/** What a server's sign-in needs; I/O and clock injected. */
export interface AuthSessionOptions {
  serverUrl: string;
  /** The server entry's `oauth` config, if any. */
  config?: OAuthServerConfig;
  app: AppOAuthUrls;
  openAuthorization: OpenAuthorization;
  /** Default: a MemoryTokenStore of its own. */
  store?: TokenStore;
  /** Default: globalThis.fetch. */
  fetch?: FetchLike;
  trace?: AuthTrace;
  /** Default: Date.now. */
  now?: () => number;
  /** True in a page, where a fetch that rejects may be CORS. Default false. */
  corsApplies?: boolean;
  /** Refresh this long before the access token expires, in milliseconds. Default 60000 (one minute). */
  refreshMarginMs?: number;
}

/** One server's sign-in; see the file comment. */
export class AuthSession {
  readonly serverUrl: string;
  readonly trace: AuthTrace;
  private readonly options: AuthSessionOptions;
  private readonly store: TokenStore;
  private readonly fetch: FetchLike;
  private readonly now: () => number;
  private readonly failure: FailureContext;
  private discovery: Discovery | undefined;
  private client: (ResolvedClient & { issuer: string }) | undefined;
  private pending: Promise<TokenRecord> | undefined;
  /** The last challenge answered, and the scope it asked for: what "Sign in" asks for later. */
  private lastChallenge: { challenge: Challenge; scope: string | undefined } | undefined;
  /** The DPoP nonces servers handed out (authorization server and MCP server), by origin. */
  private readonly nonces = new DpopNonces();
  /** Puts the token on MCP requests (Bearer, or DPoP with a proof). */
  readonly signer: RequestSigner;

  constructor(options: AuthSessionOptions) {
    this.options = options;
    this.serverUrl = options.serverUrl;
    this.trace = options.trace ?? new AuthTrace();
    this.store = options.store ?? new MemoryTokenStore();
    this.fetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
    this.now = options.now ?? Date.now;
    this.failure = { corsApplies: options.corsApplies ?? false, appOrigin: options.app.origin };
    this.signer = new RequestSigner(this.trace, this.nonces);
  }

  /** True when a token of this server may be sent to `url` (same origin as the server: tokens go nowhere else). */
  covers(url: string | URL): boolean {
    return new URL(url).origin === new URL(this.serverUrl).origin;
  }

  /** The access token to send now (refreshed first when about to expire), or undefined when signed out. */
  async accessToken(): Promise<string | undefined> {
    return (await this.credentials())?.accessToken;
  }

  /** The token to send now and its DPoP key when it is DPoP-bound (refreshed first when about to expire). */
  async credentials(): Promise<Credentials | undefined> {
    const record = await this.record();
    if (record === undefined) return undefined;
    const expiring = record.expiresAt !== undefined && record.expiresAt - (this.options.refreshMarginMs ?? 60_000) <= this.now();
    try {
      const current = expiring && record.refreshToken ? await this.single(() => this.refresh(record)) : record;
      return { accessToken: current.accessToken, ...(current.dpopKey && { dpopKey: current.dpopKey }) };
    } catch {
      return undefined;
    }
  }

  /**
   * Answers a 401 or 403 to a request sent with `sentToken`: resolves with the token to retry
   * with, or undefined when no sign-in can help (a 403 not about scope, or a scope already held).
   */
  async answerChallenge(response: Response, sentToken: string | undefined, budget: PromptBudget): Promise<string | undefined> {
    const challenge = readChallenge(response);
    const record = await this.record();
    if (response.status === 403) {
      if (challenge.error !== 'insufficient_scope') return undefined;
      const union = computeScopeUnion(record?.requestedScope ?? record?.scope, challenge.scope);
      if (record && !isStrictScopeSuperset(union, record.scope)) return undefined;
      this.lastChallenge = { challenge, scope: union };
      return (await this.single(() => this.signInInteractively(challenge, union, budget))).accessToken;
    }
    // Another request already replaced the token this one was sent with: retry with that.
    if (record && sentToken !== record.accessToken) return record.accessToken;
    if (record && (await this.migrated(challenge, record))) {
      this.lastChallenge = { challenge, scope: undefined };
      return (await this.single(() => this.signInInteractively(challenge, undefined, budget))).accessToken;
    }
    if (record?.refreshToken) {
      try {
        return (await this.single(() => this.refresh(record))).accessToken;
      } catch (error) {
        if (!(error instanceof AuthError) || error.code !== 'token-rejected') throw error;
      }
    }
    this.lastChallenge = { challenge, scope: undefined };
    return (await this.single(() => this.signInInteractively(challenge, undefined, budget))).accessToken;
  }

  /** Signs in now (the card's "Sign in"), whether or not a token is held, for what the server last asked. */
  signIn(budget = new PromptBudget()): Promise<TokenRecord> {
    const last = this.lastChallenge;
    return this.single(() => this.signInInteractively(last?.challenge, last?.scope, budget));
  }

  /** Forgets the server's tokens, revoking them first when the authorization server offers it. */
  async signOut(): Promise<void> {
    const record = await this.record();
    if (record === undefined) return;
    const discovery = this.discovery ?? (await this.discover(undefined).catch(() => undefined));
    await revokeTokens({
      record,
      metadata: discovery?.metadata,
      ...(this.options.config?.clientSecret && { clientSecret: this.options.config.clientSecret }),
      fetch: this.fetch,
      trace: this.trace,
      failure: this.failure,
    });
    await this.store.delete(this.serverUrl, record.issuer);
  }

  /** What the server card shows, or undefined when signed out. */
  async status(): Promise<AuthStatus | undefined> {
    const record = await this.record();
    return record && statusOf(record);
  }

  /** The stored record, bound to the discovered issuer once known. */
  private record(): Promise<TokenRecord | undefined> {
    return this.store.get(this.serverUrl, this.discovery ? issuerOf(this.discovery) : undefined);
  }

  /** Runs `flow` unless one is running, in which case its result is shared. */
  private single(flow: () => Promise<TokenRecord>): Promise<TokenRecord> {
    this.pending ??= flow().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /**
   * SEP-2352: a token was refused, so the resource metadata is read again; when it now names
   * another authorization server than the one the tokens came from, those tokens and that client
   * are dropped (never offered to the new one), recorded as a `migration` step. True when so.
   */
  private async migrated(challenge: Challenge, record: TokenRecord): Promise<boolean> {
    let fresh: Discovery;
    try {
      fresh = await this.discover(challenge, true);
    } catch {
      // Metadata unreadable now: answer as before (refresh, else sign in), with what was known.
      return false;
    }
    const issuer = issuerOf(fresh);
    if (issuer === record.issuer) return false;
    const step = this.trace.begin('migration');
    step.check(`The protected-resource metadata now names ${issuer}; the tokens came from ${record.issuer}`);
    await this.store.delete(this.serverUrl, record.issuer);
    this.client = undefined;
    step.ok(
      `The old tokens and the client registered at ${record.issuer} are dropped; signing in again at ${issuer}, with a client of its own.`,
    );
    return true;
  }

  /** Discovery, again when a challenge points at other resource metadata than last time (or when `again`). */
  private async discover(challenge: Challenge | undefined, again = false): Promise<Discovery> {
    const known = this.discovery;
    const sameMetadata = challenge?.resourceMetadataUrl === undefined || known?.urlsTried.includes(challenge.resourceMetadataUrl.href);
    if (known && sameMetadata && !again) return known;
    this.discovery = await discover({
      serverUrl: this.serverUrl,
      ...(challenge && { challenge }),
      fetch: this.fetch,
      trace: this.trace,
      failure: this.failure,
    });
    return this.discovery;
  }

  /** Discovery (when needed), the client, the popup and the token exchange: one prompt from `budget`. */
  private async signInInteractively(
    challenge: Challenge | undefined,
    scopeOverride: string | undefined,
    budget: PromptBudget,
  ): Promise<TokenRecord> {
    budget.take();
    const { discovery, client, scope, requested } = await this.prepare(challenge, scopeOverride);
    const dpopKey = await this.newDpopKey(discovery, challenge);
    const tokens = await authorize({
      ...this.authorizeContext(discovery, client, requested, dpopKey),
      openAuthorization: this.options.openAuthorization,
      trace: this.trace,
    });
    // The MCP server's scopes, without offline_access: what a step-up's union starts from.
    return this.keep(tokens, discovery, scope, undefined, dpopKey);
  }

  /**
   * The same-tab sign-in's first half (the popup was blocked): everything up to the authorization
   * URL, for what the server last asked, returned for the page to keep sealed and go to.
   */
  async prepareRedirect(): Promise<PendingRedirect> {
    const last = this.lastChallenge;
    const { discovery, client, scope, requested } = await this.prepare(last?.challenge, last?.scope);
    const step = this.trace.begin('authorize');
    const started = await beginAuthorization(step, this.authorizeContext(discovery, client, requested));
    step.check('The popup was blocked: the sign-in continues in this tab');
    step.navigation(started.authorizationUrl);
    const { client_secret: _secret, ...information } = client.information;
    return {
      serverUrl: this.serverUrl,
      issuer: client.issuer,
      discovery,
      client: { source: client.source, information: client.source === 'config' ? information : client.information },
      ...(scope && { scope }),
      redirectUri: this.options.app.redirectUri,
      authorizationUrl: started.authorizationUrl.href,
      codeVerifier: started.codeVerifier,
      state: started.state,
      ...(dpopWanted(discovery, last?.challenge) && { dpop: true }),
    };
  }

  /** The same-tab sign-in's second half, in the page it came back to: the callback checked and exchanged. */
  completeRedirect(back: RedirectReturn): Promise<TokenRecord> {
    const { pending, callback } = back;
    if (pending.serverUrl !== this.serverUrl) return Promise.reject(new Error('the redirect belongs to another server'));
    return this.single(async () => {
      this.discovery = pending.discovery;
      const secret = pending.client.source === 'config' ? this.options.config?.clientSecret : undefined;
      const information = secret ? { ...pending.client.information, client_secret: secret } : pending.client.information;
      this.client = { source: pending.client.source, information, issuer: pending.issuer };
      const step = this.trace.begin('authorize');
      step.check('Back in this tab from the authorization page');
      const started = { authorizationUrl: new URL(pending.authorizationUrl), codeVerifier: pending.codeVerifier, state: pending.state };
      const dpopKey = pending.dpop ? await createDpopKey() : undefined;
      // The code is exchanged with the redirect URI it was sent to (RFC 6749 §4.1.3), even if this version's differs.
      const tokens = await finishAuthorization(step, started, callback, {
        ...this.authorizeContext(pending.discovery, this.client, undefined, dpopKey),
        redirectUri: pending.redirectUri,
        trace: this.trace,
      });
      return this.keep(tokens, pending.discovery, pending.scope, undefined, dpopKey);
    });
  }

  /** Discovery (when needed), the scope to ask for and the client (resolved once per issuer). */
  private async prepare(
    challenge: Challenge | undefined,
    scopeOverride: string | undefined,
  ): Promise<{
    discovery: Discovery;
    client: ResolvedClient & { issuer: string };
    scope: string | undefined;
    requested: string | undefined;
  }> {
    const discovery = await this.discover(challenge);
    const scope = chooseScope({
      ...(scopeOverride && { override: scopeOverride }),
      ...(this.options.config?.scopes && { configured: this.options.config.scopes }),
      ...(challenge && { challenge }),
      discovery,
    });
    const requested = withOfflineAccess(scope, discovery.metadata);
    if (this.client === undefined || this.client.issuer !== issuerOf(discovery)) {
      const resolved = await resolveClient({
        ...(this.options.config && { config: this.options.config }),
        discovery,
        app: this.options.app,
        fetch: this.fetch,
        trace: this.trace,
        failure: this.failure,
      });
      this.client = { ...resolved, issuer: issuerOf(discovery) };
    }
    return { discovery, client: this.client, scope, requested };
  }

  /** What both halves of an authorization share; `requested` is the scope sent (with offline_access where offered). */
  private authorizeContext(discovery: Discovery, client: ResolvedClient, requested: string | undefined, dpopKey?: DpopKey) {
    return {
      discovery,
      client,
      redirectUri: this.options.app.redirectUri,
      ...(requested && { scope: requested }),
      fetch: this.fetch,
      failure: this.failure,
      ...(dpopKey && { proveTokenRequest: (fetch: FetchLike) => withTokenRequestProofs(fetch, dpopKey, this.nonces) }),
    };
  }

  /** A new DPoP key for a sign-in when both servers take DPoP (see wantsDpop), else none (Bearer). */
  private async newDpopKey(discovery: Discovery, challenge: Challenge | undefined): Promise<DpopKey | undefined> {
    return dpopWanted(discovery, challenge) ? createDpopKey() : undefined;
  }

  /** The refresh grant (RFC 6749 §6) for `record`, recorded as a `refresh` step. */
  private async refresh(record: TokenRecord): Promise<TokenRecord> {
    const discovery = await this.discover(undefined);
    const step = this.trace.begin('refresh');
    try {
      const tokens = await refreshAuthorization(discovery.authorizationServer, {
        ...(discovery.metadata && { metadata: discovery.metadata }),
        clientInformation: clientInformationOf(record, this.options.config?.clientSecret),
        refreshToken: record.refreshToken ?? '',
        resource: discovery.resource,
        // A DPoP-bound token is refreshed with a proof from the same key (RFC 9449 §5).
        fetchFn: record.dpopKey ? withTokenRequestProofs(step.fetch(this.fetch), record.dpopKey, this.nonces) : step.fetch(this.fetch),
      });
      step.ok(record.expiresAt !== undefined && record.expiresAt <= this.now() ? 'The access token had expired.' : 'Refreshed.');
      return await this.keep(tokens, discovery, record.requestedScope, record, record.dpopKey);
    } catch (error) {
      // A refused refresh token is spent: forget it, so the next answer is a sign-in, not another refresh.
      const { refreshToken: _spent, ...rest } = record;
      await this.store.set(rest);
      throw tokenFailure(step, error, this.failure);
    }
  }

  /** Stores tokens as the server's record (see tokenRecordOf); a new sign-in restarts the request signer. */
  private async keep(
    tokens: OAuthTokens,
    discovery: Discovery,
    requestedScope: string | undefined,
    previous: TokenRecord | undefined,
    dpopKey?: DpopKey,
  ): Promise<TokenRecord> {
    if (previous === undefined) this.signer.restart();
    const record = tokenRecordOf(tokens, {
      serverUrl: this.serverUrl,
      discovery,
      requestedScope,
      previous,
      client: this.client,
      dpopKey,
      now: this.now(),
    });
    await this.store.set(record);
    return record;
  }
}

/** True when a sign-in after `challenge` should ask for a DPoP-bound token. */
function dpopWanted(discovery: Discovery, challenge: Challenge | undefined): boolean {
  return wantsDpop(discovery.metadata, { challengedWithDpop: challenge?.dpop === true, resourceMetadata: discovery.resourceMetadata });
}
