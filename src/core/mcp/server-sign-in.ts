/**
 * One server connection's sign-in: core/auth's AuthSession plugged into the MCP wire. Its
 * middleware goes outside the wire tap (so the request retried with a token is recorded too);
 * its own OAuth requests (metadata, registration, token, revocation) go through a tap of their
 * own on the same wire, marked `auth`, with codes, verifiers, tokens and secrets removed from
 * the bodies at record time. Token values are also registered as secrets the moment they are
 * kept, so they are redacted wherever else they might appear.
 */
import { Listeners } from '../shared/listeners';
import type { Middleware } from '@modelcontextprotocol/client';
import type {
  AppOAuthUrls,
  AuthErrorCode,
  AuthSession,
  AuthStepKind,
  OAuthServerConfig,
  OpenAuthorization,
  RedirectReturn,
  SameTabRedirect,
  TokenRecord,
  TokenStore,
} from '../auth';
// Only the light parts of core/auth, by file: the flow itself (and the SDK's OAuth functions) loads on first use.
import { AuthTrace } from '../auth/auth-trace';
import { DEFAULT_MAX_PROMPTS } from '../auth/prompt-budget';
import { redactOAuthText } from '../auth/redact-oauth';
import { MemoryTokenStore } from '../auth/token-store';
import { createWireTap } from '../traffic';
import type { SecretRegistry, TrafficLog } from '../traffic';

/** What the page gives every connection for signing in; I/O injected (Node tests follow the popup with fetch). */
export interface SignInSetup {
  app: AppOAuthUrls;
  /** Opens the authorization page (a popup in the page) and resolves with the callback's query. */
  openAuthorization: OpenAuthorization;
  /** Where tokens are kept. Default: in memory. */
  store?: TokenStore;
  /** True in a page (a rejected fetch may be CORS). Default false. */
  corsApplies?: boolean;
  now?: () => number;
  /** Gives up on the sign-in window now open (the card's "Cancel"). */
  cancelAuthorization?: () => void;
  /** "Remember on this device": the person's choice, when the page offers it. */
  remember?: RememberChoice;
  /** The same-tab sign-in, when the page offers it (for a blocked popup). */
  redirect?: SameTabRedirect;
}

/** The "remember on this device" choice: read, and changed (turning it off forgets what was remembered). */
export interface RememberChoice {
  get(): boolean;
  set(on: boolean): Promise<void>;
}

/** What the server card shows about a sign-in. */
export interface ServerAuthState {
  signedIn: boolean;
  /** True while a sign-in or sign-out is under way. */
  busy: boolean;
  issuer?: string;
  account?: string;
  scope?: string;
  /** Epoch milliseconds. */
  expiresAt?: number;
  /** The last sign-in's failure, with the fix. */
  error?: { code: AuthErrorCode; step: AuthStepKind; message: string; fix: string };
}

/** What a connection's sign-in is made from. */
export interface ServerSignInOptions {
  name: string;
  url: string;
  oauth?: OAuthServerConfig;
  setup: SignInSetup;
  log: TrafficLog;
  secrets: SecretRegistry;
  fetch: typeof fetch;
  /** False while nobody asked for a window (the automatic connect): a 401 then means "needs sign-in". */
  mayPrompt: () => boolean;
  /** The flow's code (and the SDK's, which it imports) loads once this settles, with the connect's (see ServerConnectionOptions.startAfter). */
  startAfter?: Promise<unknown>;
}

/** A store that registers every token it keeps as a secret before keeping it, and says when it kept one. */
function registeringStore(store: TokenStore, secrets: SecretRegistry, kept: () => void): TokenStore {
  return {
    get: (serverUrl, issuer) => store.get(serverUrl, issuer),
    delete: (serverUrl, issuer) => store.delete(serverUrl, issuer),
    set: async (record: TokenRecord) => {
      for (const value of [record.accessToken, record.refreshToken, record.registeredClientSecret]) if (value) secrets.add(value);
      await store.set(record);
      kept();
    },
  };
}

/** The tokens every connection shares when the page gives no store (one per setup). */
const defaultStores = new WeakMap<SignInSetup, TokenStore>();

/** The sign-in flow's module, loaded once (a failed load is retried on the next call). */
let loadingFlow: Promise<typeof import('./sign-in-flow')> | undefined;
function loadFlow(): Promise<typeof import('./sign-in-flow')> {
  loadingFlow ??= import('./sign-in-flow').catch((error: unknown) => {
    loadingFlow = undefined;
    throw error;
  });
  return loadingFlow;
}

/** One connection's sign-in; see the file comment. */
export class ServerSignIn {
  /** Every step of this server's sign-ins, for the auth debugger. */
  readonly trace: AuthTrace;
  /** Goes outside the connection's wire tap. */
  readonly middleware: Middleware;
  /** The page's "remember on this device", when it offers one. */
  readonly remember: RememberChoice | undefined;
  /** True when the sign-in can continue in this tab (the page offers the same-tab redirect). */
  readonly canContinueHere: boolean;
  private readonly cancelAuthorization: (() => void) | undefined;
  private readonly redirect: SameTabRedirect | undefined;
  private readonly name: string;
  private current: ServerAuthState = { signedIn: false, busy: false };
  private readonly flow: Promise<{
    session: AuthSession;
    middleware: Middleware;
    quiet: Middleware;
    isAuthError(error: unknown): boolean;
  }>;
  private readonly quiet: Middleware;
  private readonly listeners = new Listeners();

  constructor(options: ServerSignInOptions) {
    const { setup, secrets } = options;
    this.remember = setup.remember;
    this.cancelAuthorization = setup.cancelAuthorization;
    this.redirect = setup.redirect;
    this.canContinueHere = setup.redirect !== undefined;
    this.name = options.name;
    const store = setup.store ?? defaultStores.get(setup) ?? new MemoryTokenStore();
    if (!setup.store) defaultStores.set(setup, store);
    const tap = createWireTap({
      log: options.log,
      wire: 'mcp',
      source: options.name,
      secrets,
      purpose: 'auth',
      redactBody: redactOAuthText,
    });
    this.trace = new AuthTrace(`auth-${options.name}`);
    if (options.oauth?.clientSecret) secrets.add(options.oauth.clientSecret);
    // Loading starts with the connect's, beside the SDK's: by the first request it is there.
    const started = options.startAfter?.catch(() => undefined) ?? Promise.resolve();
    this.flow = started.then(loadFlow).then(async (flow) => {
      const session = new flow.AuthSession({
        serverUrl: options.url,
        ...(options.oauth && { config: options.oauth }),
        app: setup.app,
        openAuthorization: setup.openAuthorization,
        // A refresh or a step-up inside a request changes what the card shows too.
        store: registeringStore(store, secrets, () => void this.refreshState()),
        fetch: tap(options.fetch),
        trace: this.trace,
        corsApplies: setup.corsApplies ?? false,
        ...(setup.now && { now: setup.now }),
      });
      const middleware = flow.authMiddleware(session, { maxPromptsPerAction: () => (options.mayPrompt() ? DEFAULT_MAX_PROMPTS : 0) });
      const quiet = flow.authMiddleware(session, { maxPromptsPerAction: 0 });
      const isAuthError = (error: unknown) => error instanceof flow.AuthError;
      // Back from a same-tab sign-in of this server: finished before the first request goes out (it waits for the flow).
      const back = await setup.redirect?.returned(options.name, options.url).catch(() => undefined);
      if (back) await this.finishReturn(session, back, isAuthError);
      return { session, middleware, quiet, isAuthError };
    });
    this.flow.catch(() => undefined);
    this.middleware = (next) => async (url, init) => (await this.flow).middleware(next)(url, init);
    this.quiet = (next) => async (url, init) => (await this.flow).quiet(next)(url, init);
  }

  /**
   * While signed in, the sign-in for requests that are not the connection's own (the server check):
   * the same token, DPoP proofs and refresh, but never a sign-in window. Goes outside their wire tap.
   */
  signedInMiddleware(): Middleware | undefined {
    return this.current.signedIn ? this.quiet : undefined;
  }

  /** The server's AuthSession (once its code has loaded). */
  async session(): Promise<AuthSession> {
    return (await this.flow).session;
  }

  /** The card's view (a new object after each change). */
  state(): ServerAuthState {
    return this.current;
  }

  /** Calls `listener` after each change; returns the unsubscribe function. */
  readonly subscribe = this.listeners.subscribe;

  /** Reads the token store again (after a connect, a refresh or a step-up). */
  async refreshState(): Promise<void> {
    await this.showStatus(await this.session());
  }

  /** Shows `session`'s status (also while the flow itself is being set up, when `session()` would wait for itself). */
  private async showStatus(session: AuthSession): Promise<void> {
    const status = await session.status();
    this.set({
      signedIn: status !== undefined,
      ...(status?.issuer && { issuer: status.issuer }),
      ...(status?.account && { account: status.account }),
      ...(status?.scope && { scope: status.scope }),
      ...(status?.expiresAt !== undefined && { expiresAt: status.expiresAt }),
    });
  }

  /** Signs in (the card's "Sign in"); resolves true when it worked, false with the error kept for the card. */
  async signIn(): Promise<boolean> {
    this.set({ ...this.current, busy: true, error: undefined });
    const { session, isAuthError } = await this.flow;
    try {
      await session.signIn();
      await this.refreshState();
      return true;
    } catch (error) {
      this.failed(error, isAuthError);
      return false;
    }
  }

  /** Signs in in this tab (the popup was blocked): the page leaves for the authorization page and finishes when back. */
  async signInHere(): Promise<void> {
    if (this.redirect === undefined) return;
    this.set({ ...this.current, busy: true, error: undefined });
    const { session, isAuthError } = await this.flow;
    try {
      await this.redirect.go(this.name, await session.prepareRedirect());
    } catch (error) {
      this.failed(error, isAuthError);
    }
  }

  /** Finishes the same-tab sign-in this page came back from. */
  private async finishReturn(session: AuthSession, back: RedirectReturn, isAuthError: (error: unknown) => boolean): Promise<void> {
    this.set({ ...this.current, busy: true });
    try {
      await session.completeRedirect(back);
      await this.showStatus(session);
    } catch (error) {
      this.failed(error, isAuthError);
    }
  }

  /** Keeps a failed sign-in's error for the card. */
  private failed(error: unknown, isAuthError: (error: unknown) => boolean): void {
    const known = isAuthError(error) ? (error as ServerAuthState['error'] & Error) : undefined;
    this.set({
      ...this.current,
      busy: false,
      error: known
        ? { code: known.code, step: known.step, message: known.message, fix: known.fix }
        : {
            code: 'authorization-failed',
            step: 'authorize',
            message: String(error instanceof Error ? error.message : error),
            fix: 'Sign in again.',
          },
    });
  }

  /** Gives up on the sign-in window now open: the sign-in ends as "popup closed". */
  cancel(): void {
    this.cancelAuthorization?.();
  }

  /** Signs out (revoking when the server offers it). */
  async signOut(): Promise<void> {
    this.set({ ...this.current, busy: true });
    await (await this.session()).signOut();
    this.set({ signedIn: false, busy: false });
  }

  private set(next: Omit<ServerAuthState, 'busy'> & { busy?: boolean }): void {
    const { error, ...rest } = next;
    this.current = { ...rest, busy: next.busy ?? false, ...(error && { error }) };
    this.listeners.notify();
  }
}
