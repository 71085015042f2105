/**
 * Which client id to sign in with, in the MCP spec's order of preference: the one in the server's
 * config (`oauth.clientId`, with its secret, never stored by us), then Glassbox's Client ID
 * Metadata Document URL when the authorization server accepts those, then dynamic client
 * registration (RFC 7591), then a coded question to the person.
 */
import { isHttpsUrl, registerClient, RegistrationRejectedError } from '@modelcontextprotocol/client';
import type { FetchLike, OAuthClientInformationMixed } from '@modelcontextprotocol/client';
import { clientMetadata } from './app-urls';
import type { AppOAuthUrls } from './app-urls';
import { AuthError } from './auth-error';
import type { AuthTrace } from './auth-trace';
import type { Discovery } from './discovery';
import { explainFetchFailure, firstFetchFailure } from './explain-fetch-failure';
import type { FailureContext } from './explain-fetch-failure';

/** The `oauth` part of a server entry in mcp.json. */
export interface OAuthServerConfig {
  clientId?: string;
  /** Kept like header values: in memory only, never saved or shared. */
  clientSecret?: string;
  scopes?: string[];
}

/** How the client id was obtained. */
export type ClientSource = 'config' | 'metadata-document' | 'dynamic';

/** The client to sign in as, and where it came from. */
export interface ResolvedClient {
  information: OAuthClientInformationMixed;
  source: ClientSource;
}

/** What resolving a client needs. */
export interface ResolveClientOptions {
  config?: OAuthServerConfig;
  discovery: Discovery;
  app: AppOAuthUrls;
  fetch: FetchLike;
  trace: AuthTrace;
  failure: FailureContext;
}

/** The reason text of a rejected registration (its RFC 7591 `error` and description). */
function rejection(error: RegistrationRejectedError): { code: string; description: string } {
  try {
    const body = JSON.parse(error.body) as { error?: unknown; error_description?: unknown };
    return { code: String(body.error ?? ''), description: String(body.error_description ?? '') };
  } catch {
    return { code: '', description: `HTTP ${error.status}` };
  }
}

/** Resolves the client id, recording a `registration` step. */
export async function resolveClient(options: ResolveClientOptions): Promise<ResolvedClient> {
  const { config, discovery, app, trace } = options;
  const step = trace.begin('registration');
  if (config?.clientId) {
    step.ok(`Client id ${config.clientId} from the server's configuration.`);
    const information = config.clientSecret
      ? { client_id: config.clientId, client_secret: config.clientSecret }
      : { client_id: config.clientId };
    return { information, source: 'config' };
  }
  const metadata = discovery.metadata;
  if (metadata?.client_id_metadata_document_supported === true && isHttpsUrl(app.clientMetadataDocumentUrl)) {
    step.check('The authorization server accepts Client ID Metadata Documents');
    step.ok(`Client id ${app.clientMetadataDocumentUrl} (Glassbox's client metadata document).`);
    return { information: { client_id: app.clientMetadataDocumentUrl }, source: 'metadata-document' };
  }
  // With metadata, registration needs an advertised endpoint; in the 2025-03-26 fallback, /register is tried.
  if (metadata !== undefined && !metadata.registration_endpoint) {
    throw step.fail(
      new AuthError({
        code: 'client-id-needed',
        step: 'registration',
        message: `${discovery.authorizationServer} offers neither dynamic client registration nor client metadata documents.`,
        fix: `Register Glassbox with this authorization server (redirect URI ${app.redirectUri}) and put the client id in the server's "oauth": { "clientId": … }.`,
      }),
    );
  }
  try {
    const information = await registerClient(discovery.authorizationServer, {
      ...(metadata && { metadata }),
      // No `scope`: a client registered for the first scope could never step up to a wider one.
      clientMetadata: clientMetadata(app),
      fetchFn: step.fetch(options.fetch),
    });
    step.ok(`Registered as client ${information.client_id}.`);
    return { information, source: 'dynamic' };
  } catch (error) {
    const endpoint = step.record.urlsTried.at(-1);
    const blocked = firstFetchFailure(step.record.exchanges);
    if (blocked) throw step.fail(explainFetchFailure('registration', blocked.url, blocked.failure?.message ?? '', options.failure));
    if (error instanceof RegistrationRejectedError) {
      const { code, description } = rejection(error);
      if (code === 'invalid_redirect_uri') {
        throw step.fail(
          new AuthError({
            code: 'redirect-uri-not-allowed',
            step: 'registration',
            message: `The registration endpoint refused the redirect URI ${app.redirectUri}: ${description}`,
            fix: `The authorization server must allow ${app.redirectUri} as a redirect URI.`,
            endpoint,
            cause: error,
          }),
        );
      }
      const notFound = error.status === 404 && discovery.metadata === undefined;
      throw step.fail(
        new AuthError({
          code: notFound ? 'metadata-not-found' : 'registration-rejected',
          step: 'registration',
          message: notFound
            ? `No authorization-server metadata was found and the default ${endpoint} answered 404.`
            : `The registration endpoint refused: ${code} ${description}`.trim(),
          fix: notFound
            ? `Publish RFC 9728 and RFC 8414 metadata (none at ${discovery.urlsTried.join(', ')}), or put a client id in the server's "oauth" config.`
            : `Put a client id registered with this authorization server in the server's "oauth": { "clientId": … }.`,
          ...(endpoint && { endpoint }),
          cause: error,
        }),
      );
    }
    throw step.fail(
      new AuthError({
        code: 'registration-rejected',
        step: 'registration',
        message: `Registration failed: ${String(error)}`,
        fix: `Put a client id in the server's "oauth" config.`,
        ...(endpoint && { endpoint }),
        cause: error,
      }),
    );
  }
}
