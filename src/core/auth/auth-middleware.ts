/**
 * Sign-in as a fetch Middleware (the SDK's `(next) => fetch` shape), to compose with the
 * recording tap on a server connection's fetch: it adds the bearer token, and on a 401 or a 403
 * `insufficient_scope` lets the session refresh or sign in, then retries. Retries are bounded by
 * the action's prompt budget, so a server that keeps refusing cannot cause a loop.
 */
import type { FetchLike, Middleware } from '@modelcontextprotocol/client';
import { AuthError } from './auth-error';
import type { AuthSession } from './auth-session';
import { DEFAULT_MAX_PROMPTS, PromptBudget } from './prompt-budget';

/** Options of authMiddleware. */
export interface AuthMiddlewareOptions {
  /**
   * Interactive sign-ins one request may cause, asked per request. Default DEFAULT_MAX_PROMPTS (2:
   * a sign-in, then a step-up). 0: none; a 401 that only a sign-in could answer is passed on as is.
   */
  maxPromptsPerAction?: number | (() => number);
}

/** `init` with the bearer token set (or left without one). */
function withBearer(init: RequestInit | undefined, token: string | undefined): RequestInit {
  const headers = new Headers(init?.headers);
  if (token !== undefined) headers.set('authorization', `Bearer ${token}`);
  return { ...init, headers };
}

/** The Middleware that signs `session`'s server's requests in; see the file comment. */
export function authMiddleware(session: AuthSession, options: AuthMiddlewareOptions = {}): Middleware {
  const limit = options.maxPromptsPerAction ?? DEFAULT_MAX_PROMPTS;
  return (next: FetchLike): FetchLike =>
    async (url, init) => {
      // Tokens go only to the server they were issued for.
      if (!session.covers(url)) return next(url, init);
      const maxPrompts = typeof limit === 'function' ? limit() : limit;
      const budget = new PromptBudget(maxPrompts);
      let token = await session.accessToken();
      for (let retry = 0; ; retry++) {
        const response = await next(url, withBearer(init, token));
        if ((response.status !== 401 && response.status !== 403) || retry > maxPrompts) return response;
        let fresh: string | undefined;
        try {
          fresh = await session.answerChallenge(response, token, budget);
        } catch (error) {
          // Not allowed to prompt now: the caller sees the server's own answer (its owner offers "Sign in").
          if (error instanceof AuthError && error.code === 'sign-in-required') return response;
          throw error;
        }
        if (fresh === undefined) return response;
        await response.body?.cancel().catch(() => undefined);
        token = fresh;
      }
    };
}
