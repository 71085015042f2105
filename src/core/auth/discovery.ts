/**
 * Discovery, in the MCP authorization spec's order: the 401's `WWW-Authenticate` challenge,
 * protected-resource metadata (RFC 9728: the challenge's URL, else the path-aware well-known URL,
 * then the root one), then authorization-server metadata (RFC 8414, then OpenID discovery; issuer
 * checked). A server with no resource metadata is a 2025-03-26 server: its origin is the
 * authorization server, with default endpoints when that has no metadata either.
 * The SDK's functions do the requests; each runs through a step's recording fetch, so a URL that
 * failed is named even where the SDK swallows the failure.
 */
import {
  checkResourceAllowed,
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  extractWWWAuthenticateParams,
  IssuerMismatchError,
  resourceUrlFromServerUrl,
} from '@modelcontextprotocol/client';
import type { AuthorizationServerMetadata, FetchLike, OAuthProtectedResourceMetadata } from '@modelcontextprotocol/client';
import { AuthError } from './auth-error';
import type { AuthTrace, StepRecorder } from './auth-trace';
import { explainFetchFailure, firstFetchFailure } from './explain-fetch-failure';
import type { FailureContext } from './explain-fetch-failure';

/** What a 401 or 403 `WWW-Authenticate: Bearer …` challenge says. */
export interface Challenge {
  resourceMetadataUrl?: URL;
  scope?: string;
  error?: string;
  /** True when the server challenged with the DPoP scheme (RFC 9449 §7.1): it takes DPoP-bound tokens. */
  dpop?: true;
}

/** Where and how to sign in to one MCP server. */
export interface Discovery {
  serverUrl: string;
  /** The RFC 8707 `resource` value to send: the metadata's `resource`, else the server URL. */
  resource: string;
  resourceMetadata?: OAuthProtectedResourceMetadata;
  /** The authorization server's URL (its issuer). */
  authorizationServer: string;
  /** Undefined in the 2025-03-26 fallback when the server's origin has no metadata: default endpoints. */
  metadata?: AuthorizationServerMetadata;
  /** True when the server has no resource metadata (a 2025-03-26 server). */
  fallback: boolean;
  /** Every metadata URL requested, in order (failures list them). */
  urlsTried: string[];
}

/** The challenge of a 401/403 response (the SDK's parser: Bearer and DPoP schemes). */
export function readChallenge(response: Response): Challenge {
  const { resourceMetadataUrl, scope, error } = extractWWWAuthenticateParams(response);
  const dpop = /(^|,)\s*dpop(\s|,|$)/i.test(response.headers.get('www-authenticate') ?? '');
  return {
    ...(resourceMetadataUrl && { resourceMetadataUrl }),
    ...(scope && { scope }),
    ...(error && { error }),
    ...(dpop && { dpop: true as const }),
  };
}

/** What discovery needs. */
export interface DiscoverOptions {
  serverUrl: string;
  challenge?: Challenge;
  fetch: FetchLike;
  trace: AuthTrace;
  failure: FailureContext;
}

/** Fails `step` with a named endpoint when one of its requests got no response; otherwise returns. */
function throwIfBlocked(step: StepRecorder, context: FailureContext): void {
  const blocked = firstFetchFailure(step.record.exchanges);
  if (blocked) throw step.fail(explainFetchFailure(step.record.step, blocked.url, blocked.failure?.message ?? '', context));
}

/** Step 1: the protected-resource metadata, or undefined for a 2025-03-26 server. */
async function findResourceMetadata(options: DiscoverOptions): Promise<OAuthProtectedResourceMetadata | undefined> {
  const { serverUrl, challenge, fetch, trace, failure } = options;
  const step = trace.begin('resource-metadata');
  if (challenge?.resourceMetadataUrl) step.check(`The 401 challenge names the metadata URL ${challenge.resourceMetadataUrl.href}`);
  let metadata: OAuthProtectedResourceMetadata;
  try {
    metadata = await discoverOAuthProtectedResourceMetadata(
      serverUrl,
      challenge?.resourceMetadataUrl ? { resourceMetadataUrl: challenge.resourceMetadataUrl } : {},
      step.fetch(fetch),
    );
  } catch (error) {
    // A URL the server itself pointed at must answer; the well-known guesses may be absent.
    if (challenge?.resourceMetadataUrl) {
      throwIfBlocked(step, failure);
      throw step.fail(
        new AuthError({
          code: 'metadata-not-found',
          step: 'resource-metadata',
          message: `No protected-resource metadata at ${step.record.urlsTried.join(', ')}.`,
          fix: `The server's 401 names ${challenge.resourceMetadataUrl.href}: serve the RFC 9728 metadata document there.`,
          endpoint: challenge.resourceMetadataUrl.href,
          cause: error,
        }),
      );
    }
    if (!failure.corsApplies) throwIfBlocked(step, failure);
    step.skip(
      `No protected-resource metadata at ${step.record.urlsTried.join(', ')}: a 2025-03-26 server, so its origin is taken as the authorization server.`,
    );
    return undefined;
  }
  if (!checkResourceAllowed({ requestedResource: serverUrl, configuredResource: metadata.resource })) {
    throw step.fail(
      new AuthError({
        code: 'resource-mismatch',
        step: 'resource-metadata',
        message: `The metadata is for ${metadata.resource}, not for ${serverUrl}.`,
        fix: `The metadata's \`resource\` must be ${serverUrl} (or a parent path of it).`,
        endpoint: step.record.urlsTried.at(-1),
      }),
    );
  }
  step.check(`The metadata's resource ${metadata.resource} covers ${serverUrl}`);
  if (!metadata.authorization_servers?.length) {
    throw step.fail(
      new AuthError({
        code: 'incompatible-server',
        step: 'resource-metadata',
        message: 'The resource metadata names no authorization server.',
        fix: 'List the authorization server in `authorization_servers`.',
      }),
    );
  }
  step.ok(`Authorization server: ${metadata.authorization_servers[0]}`);
  return metadata;
}

/** Step 2: the authorization server's metadata (undefined only in the 2025-03-26 fallback). */
async function findServerMetadata(
  options: DiscoverOptions,
  authorizationServer: string,
  fallback: boolean,
  earlierUrls: readonly string[],
): Promise<AuthorizationServerMetadata | undefined> {
  const step = options.trace.begin('as-metadata');
  let metadata: AuthorizationServerMetadata | undefined;
  try {
    metadata = await discoverAuthorizationServerMetadata(authorizationServer, { fetchFn: step.fetch(options.fetch) });
  } catch (error) {
    const endpoint = step.record.urlsTried.at(-1);
    if (error instanceof IssuerMismatchError) {
      throw step.fail(
        new AuthError({
          code: 'issuer-mismatch',
          step: 'as-metadata',
          message: `The metadata at ${endpoint} says its issuer is ${error.received}, but it was discovered as ${error.expected}.`,
          fix: `The authorization server's \`issuer\` must equal the URL it is published under (${error.expected}).`,
          endpoint,
          cause: error,
        }),
      );
    }
    throwIfBlocked(step, options.failure);
    throw step.fail(
      new AuthError({
        code: 'incompatible-server',
        step: 'as-metadata',
        message: `The authorization-server metadata could not be read: ${String(error)}`,
        fix: 'Serve valid RFC 8414 metadata.',
        endpoint,
        cause: error,
      }),
    );
  }
  if (metadata === undefined) {
    throwIfBlocked(step, options.failure);
    const tried = [...earlierUrls, ...step.record.urlsTried];
    if (!fallback) {
      throw step.fail(
        new AuthError({
          code: 'metadata-not-found',
          step: 'as-metadata',
          message: `No authorization-server metadata at any of: ${tried.join(', ')}.`,
          fix: `Publish RFC 8414 metadata for ${authorizationServer} at ${step.record.urlsTried[0] ?? 'its well-known URL'}.`,
          endpoint: step.record.urlsTried[0],
        }),
      );
    }
    step.skip(
      `No metadata at ${tried.join(', ')}: using the 2025-03-26 default endpoints /authorize, /token and /register of ${authorizationServer}.`,
    );
    return undefined;
  }
  step.check(`issuer ${metadata.issuer} matches ${authorizationServer}`);
  if (metadata.code_challenge_methods_supported?.includes('S256')) step.check('PKCE S256 is supported');
  else step.check('The metadata does not list PKCE S256 support; trying it anyway');
  step.ok();
  return metadata;
}

/** Finds where and how to sign in to `serverUrl`, recording each step. */
export async function discover(options: DiscoverOptions): Promise<Discovery> {
  const resourceMetadata = await findResourceMetadata(options);
  const fallback = resourceMetadata === undefined;
  const authorizationServer = resourceMetadata?.authorization_servers?.[0] ?? new URL('/', options.serverUrl).href;
  const earlierUrls = [...(options.trace.steps().at(-1)?.urlsTried ?? [])];
  const metadata = await findServerMetadata(options, authorizationServer, fallback, earlierUrls);
  return {
    serverUrl: options.serverUrl,
    resource: resourceMetadata?.resource ?? resourceUrlFromServerUrl(options.serverUrl).href,
    ...(resourceMetadata && { resourceMetadata }),
    authorizationServer,
    ...(metadata && { metadata }),
    fallback,
    urlsTried: [...earlierUrls, ...(options.trace.steps().at(-1)?.urlsTried ?? [])],
  };
}
