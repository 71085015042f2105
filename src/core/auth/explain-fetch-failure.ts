/**
 * Turns a request that got no response into a coded AuthError that names the endpoint. In a page,
 * fetch rejects with a bare TypeError when a cross-origin endpoint sends no CORS headers (the
 * commonest sign-in failure in the wild: token, registration and metadata endpoints built for
 * server-side clients); the browser hides the reason, so the fix names the exact header to add.
 * In Node there is no CORS, so the same TypeError is a network failure.
 */
import { AuthError } from './auth-error';
import type { AuthStepKind } from './auth-steps';
import type { AuthExchange } from './auth-trace';

/** Where the flow runs, as far as failures are concerned. */
export interface FailureContext {
  /** True in a page: a fetch that rejects may be a CORS refusal. Default false (Node). */
  corsApplies: boolean;
  /** The page's origin, for the `Access-Control-Allow-Origin` value to suggest. */
  appOrigin?: string;
}

/** What each step's endpoint is called in messages. */
export const ENDPOINT_NAMES: Record<AuthStepKind, string> = {
  'resource-metadata': 'protected-resource metadata',
  'as-metadata': 'authorization-server metadata',
  migration: 'protected-resource metadata',
  registration: 'registration endpoint',
  authorize: 'authorization endpoint',
  token: 'token endpoint',
  refresh: 'token endpoint',
  revoke: 'revocation endpoint',
  'dpop-proofs': 'MCP server',
};

/** The CORS headers the endpoint of `step` must send for a page to read it. */
function corsHeadersNeeded(step: AuthStepKind, origin: string): string {
  const allowOrigin = `\`Access-Control-Allow-Origin: ${origin}\``;
  switch (step) {
    case 'registration':
      // A JSON POST is not a "simple" request: the browser sends a preflight first.
      return `${allowOrigin} on its responses, and answer the OPTIONS preflight with ${allowOrigin} and \`Access-Control-Allow-Headers: content-type\``;
    case 'resource-metadata':
    case 'as-metadata':
    case 'migration':
      return `${allowOrigin} (or \`*\`) on its responses; metadata is public, so \`*\` is safe`;
    case 'token':
    case 'refresh':
    case 'revoke':
      // A form POST is a simple request: no preflight, only the response header is needed.
      return `${allowOrigin} on its responses (a form POST needs no preflight)`;
    case 'authorize':
      return 'none: the authorization endpoint is opened as a page, not fetched';
    case 'dpop-proofs':
      return `${allowOrigin}, \`Access-Control-Allow-Headers\` listing \`authorization, dpop\`, and \`Access-Control-Expose-Headers: DPoP-Nonce, WWW-Authenticate\``;
    default: {
      const unknown: never = step;
      return String(unknown);
    }
  }
}

/** The first exchange of a step that got no response, if any. */
export function firstFetchFailure(exchanges: readonly AuthExchange[]): AuthExchange | undefined {
  return exchanges.find((exchange) => exchange.failure !== undefined);
}

/** The coded error for a request of `step` to `url` that got no response. */
export function explainFetchFailure(step: AuthStepKind, url: string, message: string, context: FailureContext): AuthError {
  const name = ENDPOINT_NAMES[step];
  if (context.corsApplies) {
    const origin = context.appOrigin ?? 'this page’s origin';
    return new AuthError({
      code: 'cors-blocked',
      step: step,
      message: `The browser blocked the ${name} at ${url}: it sent no CORS headers this page may read (or it is unreachable).`,
      fix: `The authorization server must send ${corsHeadersNeeded(step, origin)} at ${url}. The authorization endpoint needs none.`,
      endpoint: url,
    });
  }
  return new AuthError({
    code: 'network-failed',
    step: step,
    message: `The ${name} at ${url} could not be reached: ${message}`,
    fix: `Check that ${new URL(url).origin} is up and reachable from here.`,
    endpoint: url,
  });
}
