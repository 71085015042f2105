/**
 * At most a few interactive sign-ins per action (one MCP request and its retries), so a server
 * that keeps refusing fresh tokens ends in a coded error instead of a loop of popups.
 */
import { AuthError } from './auth-error';

/** The default number of sign-in prompts one action may open: a sign-in, then one step-up. */
export const DEFAULT_MAX_PROMPTS = 2;

/** Counts the prompts of one action. */
export class PromptBudget {
  private used = 0;
  private readonly max: number;

  constructor(max = DEFAULT_MAX_PROMPTS) {
    this.max = max;
  }

  /**
   * Takes one prompt; throws `too-many-prompts` when the action has used them all, and
   * `sign-in-required` when it may prompt not at all (a budget of 0: a connect nobody asked for,
   * where a window opening by itself would be unwelcome and blocked anyway).
   */
  take(): void {
    if (this.max === 0) {
      throw new AuthError({
        code: 'sign-in-required',
        step: 'authorize',
        message: 'This server needs you to sign in.',
        fix: 'Press "Sign in" on the server’s card.',
      });
    }
    if (this.used >= this.max) {
      throw new AuthError({
        code: 'too-many-prompts',
        step: 'authorize',
        message: `The server still refused after ${this.max} sign-ins for one request.`,
        fix: 'The server does not accept the tokens its authorization server issues (check the audience and scopes it expects); Glassbox stops here instead of asking again.',
      });
    }
    this.used += 1;
  }
}
