/**
 * Sign-in as a fetch Middleware (the SDK's `(next) => fetch` shape), to compose with the
 * recording tap on a server connection's fetch: it adds the token (Bearer, or DPoP with a proof per
 * request, answering the server's nonce once), and on a 401 or a 403
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

/** The Middleware that signs `session`'s server's requests in; see the file comment. */
export function authMiddleware(session: AuthSession, options: AuthMiddlewareOptions = {}): Middleware {
  const limit = options.maxPromptsPerAction ?? DEFAULT_MAX_PROMPTS;
  return (next: FetchLike): FetchLike =>
    async (url, init) => {
      // Tokens go only to the server they were issued for.
      if (!session.covers(url)) return next(url, init);
      const maxPrompts = typeof limit === 'function' ? limit() : limit;
      const budget = new PromptBudget(maxPrompts);
      let credentials = await session.credentials();
      let nonceAnswered = false;
      for (let retry = 0; ; retry++) {
        const signed = await session.signer.sign(url, init, credentials);
        const response = await next(url, signed.init);
        // RFC 9449 §9: a DPoP server may ask for its nonce; answered once, with a fresh proof.
        if (session.signer.answer(url, response, signed.proof) && !nonceAnswered) {
          nonceAnswered = true;
          retry--;
          await response.body?.cancel().catch(() => undefined);
          continue;
        }
        if ((response.status !== 401 && response.status !== 403) || retry > maxPrompts) return response;
        let fresh: string | undefined;
        try {
          fresh = await session.answerChallenge(response, credentials?.accessToken, budget);
        } catch (error) {
          // Not allowed to prompt now: the caller sees the server's own answer (its owner offers "Sign in").
          if (error instanceof AuthError && error.code === 'sign-in-required') return response;
          throw error;
        }
        if (fresh === undefined) return response;
        await response.body?.cancel().catch(() => undefined);
        credentials = (await session.credentials()) ?? { accessToken: fresh };
      }
    };
}
