/**
 * The app's own OAuth URLs, a function of where it is deployed (origin + base path): the callback
 * page the authorization server redirects to, and the Client ID Metadata Document that names
 * Glassbox to servers that accept URL client ids. The build writes the document from
 * `clientMetadataDocument`, so both always agree.
 */
import type { OAuthClientMetadata } from '@modelcontextprotocol/client';

/** The app's OAuth URLs. */
export interface AppOAuthUrls {
  /** The page origin, e.g. https://glassbox.example. */
  origin: string;
  /**
   * `<origin><base>oauth/callback.html`: the callback page by its file name, so every static host
   * serves it as it is (S3, a default nginx, `python -m http.server`, hosts with a single-page
   * fallback), without mapping an extensionless path to it. A folder (`oauth/callback/` with an
   * index.html) would need the host to serve a folder's index, which object stores behind a CDN do not.
   */
  redirectUri: string;
  /** `<origin><base>oauth/client-metadata.json`: the client id where the server accepts metadata documents. */
  clientMetadataDocumentUrl: string;
}

/** The callback page, relative to the app's base. */
const CALLBACK_PAGE = 'oauth/callback.html';

/** The client name shown on consent pages. */
const CLIENT_NAME = 'Glassbox';

/** The OAuth URLs of an app served at `origin` under `basePath` ('/' or '/sub/path/'). */
export function appOAuthUrls(origin: string, basePath = '/'): AppOAuthUrls {
  const base = new URL(basePath.endsWith('/') ? basePath : `${basePath}/`, origin);
  return {
    origin: base.origin,
    redirectUri: new URL(CALLBACK_PAGE, base).href,
    clientMetadataDocumentUrl: new URL('oauth/client-metadata.json', base).href,
  };
}

/** The client metadata Glassbox registers with (RFC 7591): a public web client, code flow with refresh. */
export function clientMetadata(urls: AppOAuthUrls, scope?: string): OAuthClientMetadata {
  return {
    client_name: CLIENT_NAME,
    redirect_uris: [urls.redirectUri],
    application_type: 'web',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    client_uri: urls.origin,
    ...(scope && { scope }),
  };
}

/** The Client ID Metadata Document served at `clientMetadataDocumentUrl`: the metadata plus its own URL as client_id. */
export function clientMetadataDocument(urls: AppOAuthUrls): OAuthClientMetadata & { client_id: string } {
  return { client_id: urls.clientMetadataDocumentUrl, ...clientMetadata(urls) };
}
