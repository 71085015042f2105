/**
 * The sign-in tests' shared harness: a popup stand-in that follows the authorization with fetch,
 * a witness of every secret that crossed the wire (to prove none reached the trace), and an SDK
 * client whose fetch goes through authMiddleware.
 */
import { expect } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CallToolResult, FetchLike } from '@modelcontextprotocol/client';
import { authorizeByFetch } from '../../../../e2e/servers/auth-server.mjs';
import { appOAuthUrls } from '../app-urls';
import type { AppOAuthUrls } from '../app-urls';
import { AuthError } from '../auth-error';
import { authMiddleware } from '../auth-middleware';
import { AuthSession } from '../auth-session';
import type { AuthSessionOptions } from '../auth-session';
import type { OpenAuthorization } from '../authorize';

/** The app's URLs for the plain cases (the callback is never loaded: the popup stand-in stops at it). */
export const APP = appOAuthUrls('http://127.0.0.1:4705', '/glassbox/');

/** fetch as a page on APP.origin sees it: a response without a matching Access-Control-Allow-Origin is a bare TypeError. */
export const browserFetch: FetchLike = async (url, init) => {
  const headers = new Headers(init?.headers);
  headers.set('origin', APP.origin);
  const response = await fetch(url, { ...init, headers });
  const allowed = response.headers.get('access-control-allow-origin');
  if (allowed !== '*' && allowed !== APP.origin) throw new TypeError('Failed to fetch');
  return response;
};

/** Every secret value that crossed the wire during a test, gathered from the real requests and responses. */
export class SecretWitness {
  readonly values = new Set<string>();
  private readonly byName = new Map<string, string[]>();
  /** The values seen under `name`, in order. */
  named(name: string): string[] {
    return this.byName.get(name) ?? [];
  }
  private add(name: string, value: string): void {
    this.values.add(value);
    this.byName.set(name, [...this.named(name), value]);
  }
  /** `next` wrapped to collect codes, verifiers, states and tokens from bodies and URLs. */
  wrap(next: FetchLike = (url, init) => fetch(url, init)): FetchLike {
    return async (url, init) => {
      if (init?.body instanceof URLSearchParams) this.collect(init.body);
      if (typeof init?.body === 'string' && init.body.includes('=') && !init.body.startsWith('{'))
        this.collect(new URLSearchParams(init.body));
      const response = await next(url, init);
      const json = (await response
        .clone()
        .json()
        .catch(() => undefined)) as Record<string, unknown> | undefined;
      for (const name of ['access_token', 'refresh_token']) {
        const value = json?.[name];
        if (typeof value === 'string') this.add(name, value);
      }
      return response;
    };
  }
  collect(params: URLSearchParams): void {
    for (const name of ['code', 'code_verifier', 'state', 'refresh_token', 'token', 'access_token', 'client_secret']) {
      const value = params.get(name);
      if (value) this.add(name, value);
    }
  }
}

/** A popup stand-in that follows the authorization with fetch; `tamper` edits the callback like an attacker. */
export function popup(
  witness: SecretWitness,
  app: AppOAuthUrls,
  tamper?: (callback: URLSearchParams) => void,
): OpenAuthorization & { opened: URL[] } {
  const opened: URL[] = [];
  const open = async (url: URL) => {
    opened.push(url);
    witness.collect(url.searchParams);
    const callback = await authorizeByFetch(url, app.redirectUri);
    witness.collect(callback);
    tamper?.(callback);
    return callback;
  };
  return Object.assign(open, { opened });
}

export interface Harness {
  session: AuthSession;
  witness: SecretWitness;
  opened: URL[];
  client: Client;
}

/** A session for `serverUrl` and an SDK client whose fetch goes through authMiddleware. */
export async function harness(
  serverUrl: string,
  options: Partial<AuthSessionOptions> & { tamper?: (callback: URLSearchParams) => void; connect?: boolean } = {},
): Promise<Harness> {
  const witness = new SecretWitness();
  const app = options.app ?? APP;
  const opener = popup(witness, app, options.tamper);
  const session = new AuthSession({ serverUrl, app, openAuthorization: opener, fetch: witness.wrap(), ...options });
  const client = new Client({ name: 'auth-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(serverUrl), { fetch: authMiddleware(session)(witness.wrap()) });
  if (options.connect !== false) await client.connect(transport);
  return { session, witness, opened: opener.opened, client };
}

/** The text of a tool result. */
export function textOf(result: unknown): string {
  return (result as CallToolResult).content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

/** The kinds and statuses of the recorded steps, in order. */
export function stepsOf(session: AuthSession): string[] {
  return session.trace.steps().map((step) => `${step.step}:${step.status}`);
}

/** Asserts that secrets crossed the wire and that none of them is in the trace. */
export function expectNoLeak({ session, witness }: Pick<Harness, 'session' | 'witness'>): void {
  expect(witness.values.size).toBeGreaterThan(0);
  const recorded = JSON.stringify(session.trace.steps());
  for (const secret of witness.values) expect(recorded).not.toContain(secret);
}

/** The AuthError a promise rejects with. */
export async function authErrorOf(promise: Promise<unknown>): Promise<AuthError> {
  const error: unknown = await promise.catch((reason: unknown) => reason);
  expect(error).toBeInstanceOf(AuthError);
  return error as AuthError;
}
