/**
 * A real OAuth 2.1 authorization server (oidc-provider, a certified OpenID provider) with a
 * protected MCP server in front of it, on one origin, for the sign-in tests.
 *
 * - Authorization server at the origin root: PKCE required, open dynamic client registration,
 *   Client ID Metadata Documents, resource indicators (RFC 8707: the access token is bound to
 *   the MCP URL), refresh tokens, revocation, `iss` in the authorization response (RFC 9207).
 *   Endpoints use the 2025-03-26 default paths (/authorize, /token, /register) so the same
 *   server also serves the "no resource metadata" fallback.
 * - Interaction: no login page. `/interaction/<uid>` logs the test user in and grants the
 *   requested scopes at once, or denies (`setConsent('deny')`), so Node tests can follow the
 *   whole authorization with fetch (`authorizeByFetch`).
 * - MCP (v1 SDK, stateless): `/mcp` with protected-resource metadata at the path-aware
 *   well-known URL; `/legacy/mcp` without any (a 2025-03-26 server). Each checks the bearer
 *   token's audience and scopes: 401 + `WWW-Authenticate` without a good token, 403
 *   `insufficient_scope` for `write_note`, which needs `mcp:write`.
 *
 * Run: node e2e/servers/auth-server.mjs --port 3104
 */
import { createPublicKey, generateKeyPairSync, randomBytes, verify as verifySignature } from 'node:crypto';
import { createServer } from 'node:http';
import { request as httpsRequest } from 'node:https';
import Provider, { errors } from 'oidc-provider';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import { applyCors } from './cors.mjs';
import { applyDpopCors, DpopResource } from './dpop-resource.mjs';
import { closeServer, isMain, listen, readBody, runCli, sendJson, sendText } from './http-kit.mjs';

/** The scope every tool needs. */
export const READ_SCOPE = 'mcp:read';
/** The wider scope `write_note` needs (the step-up test). */
export const WRITE_SCOPE = 'mcp:write';
/** The account every authorization logs in as. */
export const TEST_ACCOUNT = 'test-user';
/** The client id of the pre-registered public client. */
export const PREREGISTERED_CLIENT_ID = 'glassbox-preregistered';

/** Which tool needs which scopes. */
const TOOL_SCOPES = { read_notes: [READ_SCOPE], write_note: [READ_SCOPE, WRITE_SCOPE] };

/** Builds the notes MCP server (one per request: the endpoint is stateless). */
function createNotesServer() {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  server.registerTool('read_notes', { description: 'Reads the notes (needs mcp:read).' }, async () => ({
    content: [{ type: 'text', text: 'note 1: buy milk' }],
  }));
  server.registerTool(
    'write_note',
    { description: 'Writes a note (needs mcp:write).', inputSchema: { text: z.string() } },
    async ({ text }) => ({
      content: [{ type: 'text', text: `saved: ${text}` }],
    }),
  );
  return server;
}

/**
 * Fetches a Client ID Metadata Document over https, trusting `ca` (the tests' self-signed
 * certificate). oidc-provider's own fetch refuses loopback addresses (SSRF protection), which is
 * right in production and is exactly where the tests' document lives.
 * @param {string | undefined} ca
 * @param {(url: string) => void} fetched  told each document URL fetched
 * @returns {(url: string | URL, options: RequestInit) => Promise<Response>}
 */
function documentFetch(ca, fetched) {
  return (url, options) =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      fetched(target.href);
      if (target.protocol !== 'https:') {
        reject(new Error(`refusing ${target.protocol} client metadata document`));
        return;
      }
      const headers = Object.fromEntries(new Headers(options.headers ?? {}).entries());
      const request = httpsRequest(target, { method: 'GET', headers, ca }, (response) => {
        /** @type {Buffer[]} */
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') responseHeaders.set(name, value);
          resolve(new Response(Buffer.concat(chunks), { status: response.statusCode ?? 500, headers: responseHeaders }));
        });
      });
      request.on('error', reject);
      request.end();
    });
}

/**
 * Starts the authorization server and its MCP server on one origin.
 * @param {{ host?: string, port?: number, accessTokenTtl?: number, redirectUris?: string[], documentCa?: string, cors?: boolean, accessTokenFormat?: 'opaque' | 'jwt' }} [options]
 *   `accessTokenTtl` in seconds (default 3600); `redirectUris` of the pre-registered client;
 *   `documentCa` the PEM certificate to trust when fetching client metadata documents;
 *   `cors` false = the token and registration endpoints send no CORS headers (default true);
 *   `accessTokenFormat` 'jwt' = signed JWT access tokens (RFC 9068, with `sub`: the account a
 *   client can show), checked by signature; default 'opaque', looked up in the provider.
 *   `dpop` true = DPoP (RFC 9449) required: /mcp challenges with the DPoP scheme and takes only
 *   DPoP-bound tokens with a valid proof carrying its nonce; the token endpoint requires a nonce too.
 *   `resources` more resource URLs tokens may be issued for (another server's /mcp: the migration test).
 */
export async function start({
  host = '127.0.0.1',
  port = 0,
  accessTokenTtl = 3600,
  redirectUris = [],
  documentCa,
  cors = true,
  accessTokenFormat = 'opaque',
  dpop = false,
  resources: moreResources = [],
} = {}) {
  /** @type {'grant' | 'deny'} */
  let consent = 'grant';
  const httpServer = createServer();
  const address = await listen(httpServer, { host, port });
  const origin = address.origin;
  const mcpUrl = `${origin}/mcp`;
  const legacyMcpUrl = `${origin}/legacy/mcp`;
  const resources = new Set([mcpUrl, legacyMcpUrl, ...moreResources]);
  const dpopResource = dpop ? new DpopResource() : undefined;
  /** The client metadata document URLs the provider fetched (the CIMD test proves it went to the app's origin). */
  const documentsFetched = [];
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const publicKey = createPublicKey(signingKey);

  const provider = new Provider(origin, {
    clients: [
      {
        client_id: PREREGISTERED_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        redirect_uris: redirectUris.length > 0 ? redirectUris : [`${origin}/unused`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    scopes: ['openid', 'offline_access', READ_SCOPE, WRITE_SCOPE],
    routes: { authorization: '/authorize', token: '/token', registration: '/register', revocation: '/revoke' },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['glassbox-test-cookie-key'] },
    // A fresh signing key per run (oidc-provider's built-in one is for quick starts and says so).
    jwks: { keys: [{ ...signingKey.export({ format: 'jwk' }), alg: 'RS256', use: 'sig', kid: 'test' }] },
    clientBasedCORS: () => cors,
    pkce: { required: () => true },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => ({ sub: id }) }),
    fetch: documentFetch(documentCa, (url) => documentsFetched.push(url)),
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? accessTokenTtl,
      AuthorizationCode: 60,
      Grant: 3600,
      Interaction: 600,
      RefreshToken: 86400,
      Session: 3600,
    },
    features: {
      devInteractions: { enabled: false },
      // On by default in oidc-provider 9 (its metadata lists dpop_signing_alg_values_supported); `dpop` adds nonces.
      dPoP: { enabled: true, ...(dpop && { nonceSecret: randomBytes(32), requireNonce: () => true }) },
      registration: { enabled: true },
      revocation: { enabled: true },
      clientIdMetadataDocument: { enabled: true, ack: 'draft-02' },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => mcpUrl,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (!resources.has(resource)) throw new errors.InvalidTarget();
          return { scope: `${READ_SCOPE} ${WRITE_SCOPE}`, audience: resource, accessTokenFormat, accessTokenTTL: accessTokenTtl };
        },
      },
    },
  });
  const providerCallback = provider.callback();
  /** Ids of the access tokens issued so far, and of those `expireAccessTokens` ended. */
  const issued = new Set();
  const expired = new Set();
  provider.on('access_token.saved', (/** @type {{ jti: string }} */ token) => issued.add(token.jti));
  // A JWT access token is not stored: the provider says "issued" instead of "saved".
  provider.on('access_token.issued', (/** @type {{ jti: string }} */ token) => issued.add(token.jti));

  /**
   * The access token `token` stands for, or undefined: an opaque one looked up in the provider, a
   * JWT one checked like a resource server does (RS256 signature by the provider's key, not expired).
   * @param {string} token
   * @returns {Promise<{ jti: string, aud?: string | string[], scope?: string } | undefined>}
   */
  async function findAccessToken(token) {
    if (accessTokenFormat === 'opaque') return provider.AccessToken.find(token);
    const [header, payload, signature] = token.split('.');
    if (header === undefined || payload === undefined || signature === undefined) return undefined;
    if (!verifySignature('RSA-SHA256', Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, 'base64url')))
      return undefined;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return typeof claims.exp === 'number' && claims.exp * 1000 > Date.now() ? claims : undefined;
  }

  /**
   * Logs the test user in and grants what was asked, or denies: the whole "login page".
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  async function interact(req, res) {
    const details = await provider.interactionDetails(req, res);
    if (consent === 'deny') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The person denied access.' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(req, res, { login: { accountId: TEST_ACCOUNT } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: details.session?.accountId ?? TEST_ACCOUNT, clientId: String(details.params.client_id) });
    if (grant === undefined) throw new Error('grant not found');
    const missing = details.prompt.details;
    if (Array.isArray(missing.missingOIDCScope)) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingResourceScopes && typeof missing.missingResourceScopes === 'object') {
      for (const [resource, scopes] of Object.entries(missing.missingResourceScopes)) grant.addResourceScope(resource, scopes.join(' '));
    }
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  /**
   * The MCP endpoint: the token must be live, issued for `resource`, and carry the tool's scopes.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} resource
   * @param {string | undefined} metadataUrl
   */
  async function serveMcp(req, res, resource, metadataUrl) {
    const metadataPart = metadataUrl === undefined ? '' : `resource_metadata="${metadataUrl}", `;
    const scheme = dpopResource ? 'DPoP' : 'Bearer';
    const header = req.headers.authorization ?? '';
    const token = header.startsWith(`${scheme} `) ? header.slice(scheme.length + 1) : undefined;
    const found = token === undefined ? undefined : await authority.findAccessToken(token);
    const accessToken = found === undefined || authority.expired.has(found.jti) ? undefined : found;
    const audience = accessToken === undefined ? [] : [accessToken.aud].flat();
    if (accessToken === undefined || !audience.includes(resource)) {
      const error = token === undefined ? '' : 'error="invalid_token", ';
      sendJson(res, 401, { error: 'unauthorized' }, { 'WWW-Authenticate': `${scheme} ${error}${metadataPart}scope="${READ_SCOPE}"` });
      return;
    }
    if (dpopResource && token !== undefined) {
      const proof = req.headers.dpop;
      const checked = dpopResource.check({
        proof: Array.isArray(proof) ? proof.join(', ') : proof,
        method: req.method ?? 'GET',
        url: resource,
        accessToken: token,
        jkt: accessToken.jkt,
      });
      if (!checked.ok) {
        sendJson(
          res,
          401,
          { error: checked.error },
          {
            'WWW-Authenticate': `DPoP error="${checked.error}", error_description="${checked.description}", ${metadataPart}algs="ES256"`,
            ...(checked.error === 'use_dpop_nonce' && { 'DPoP-Nonce': dpopResource.nonce }),
          },
        );
        return;
      }
    }
    const body = req.method === 'POST' ? JSON.parse(await readBody(req)) : undefined;
    const granted = new Set(String(accessToken.scope ?? '').split(' '));
    const tool = body?.method === 'tools/call' ? String(body.params?.name) : undefined;
    const needed = tool === undefined ? [READ_SCOPE] : (TOOL_SCOPES[/** @type {keyof typeof TOOL_SCOPES} */ (tool)] ?? [READ_SCOPE]);
    if (!needed.every((scope) => granted.has(scope))) {
      sendJson(
        res,
        403,
        { error: 'insufficient_scope' },
        { 'WWW-Authenticate': `Bearer error="insufficient_scope", ${metadataPart}scope="${needed.join(' ')}"` },
      );
      return;
    }
    const server = createNotesServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => void server.close());
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  /** Whose tokens /mcp takes: this server's provider, or another's after `useAuthorizationServer`. */
  let authority = { origin, findAccessToken, expired };
  const protectedResourceMetadata = {
    resource: mcpUrl,
    authorization_servers: [origin],
    scopes_supported: [READ_SCOPE, WRITE_SCOPE],
    bearer_methods_supported: ['header'],
  };
  const metadataUrl = `${origin}/.well-known/oauth-protected-resource/mcp`;

  httpServer.on('request', (req, res) => {
    const path = new URL(req.url ?? '/', origin).pathname;
    const fail = (/** @type {unknown} */ error) => {
      console.error('auth-server:', error);
      if (!res.headersSent) sendText(res, 500, 'Internal error');
    };
    if (path === '/mcp' || path === '/legacy/mcp' || path.startsWith('/.well-known/oauth-protected-resource')) {
      if (dpopResource ? applyDpopCors(req, res) : applyCors(req, res)) return;
      if (path === '/mcp') serveMcp(req, res, mcpUrl, metadataUrl).catch(fail);
      else if (path === '/legacy/mcp') serveMcp(req, res, legacyMcpUrl, undefined).catch(fail);
      else if (path === '/.well-known/oauth-protected-resource/mcp')
        sendJson(res, 200, { ...protectedResourceMetadata, authorization_servers: [authority.origin] });
      else sendText(res, 404, 'Not found');
      return;
    }
    if (path.startsWith('/interaction/')) {
      interact(req, res).catch(fail);
      return;
    }
    // oidc-provider's registration endpoint sends no CORS headers of its own (its CORS follows a
    // client, and registration has none yet): a browser-ready server adds them, as the README says.
    if (path === '/register' && applyCors(req, res, { enabled: cors })) return;
    providerCallback(req, res);
  });

  return {
    url: mcpUrl,
    origin,
    issuer: origin,
    mcpUrl,
    legacyMcpUrl,
    /** @param {'grant' | 'deny'} mode */
    documentsFetched,
    setConsent(mode) {
      consent = mode;
    },
    /** Ends every access token at once, as expiry would (refresh tokens stay valid). */
    expireAccessTokens() {
      for (const jti of issued) expired.add(jti);
    },
    /** The proof checks of `dpop` mode (its nonce, the proofs accepted), else undefined. */
    dpop: dpopResource,
    /** Looks a token up as /mcp does (for another server's `useAuthorizationServer`). */
    findAccessToken,
    expired,
    /**
     * Moves /mcp to another authorization server (SEP-2352): its resource metadata names `other`,
     * and only `other`'s tokens are taken from now on (start `other` with `resources: [mcpUrl]`).
     * @param {{ origin: string, findAccessToken: typeof findAccessToken, expired: Set<string> }} other
     */
    useAuthorizationServer(other) {
      authority = { origin: other.origin, findAccessToken: other.findAccessToken, expired: other.expired };
    },
    close: () => closeServer(httpServer),
  };
}

/**
 * A protected MCP server whose resource metadata names an authorization server that publishes
 * no metadata anywhere (the "metadata not found" failure).
 * @param {{ host?: string, port?: number }} [options]
 */
export async function startWithoutAuthorizationServer({ host = '127.0.0.1', port = 0 } = {}) {
  const httpServer = createServer();
  const address = await listen(httpServer, { host, port });
  const metadataUrl = `${address.origin}/.well-known/oauth-protected-resource/mcp`;
  httpServer.on('request', (req, res) => {
    if (applyCors(req, res)) return;
    const path = new URL(req.url ?? '/', address.origin).pathname;
    if (path === '/.well-known/oauth-protected-resource/mcp') {
      sendJson(res, 200, { resource: `${address.origin}/mcp`, authorization_servers: [`${address.origin}/nowhere`] });
    } else if (path === '/mcp') {
      sendJson(res, 401, { error: 'unauthorized' }, { 'WWW-Authenticate': `Bearer resource_metadata="${metadataUrl}"` });
    } else {
      sendText(res, 404, 'Not found');
    }
  });
  return { url: `${address.origin}/mcp`, origin: address.origin, close: () => closeServer(httpServer) };
}

/**
 * Follows an authorization URL the way a browser would (redirects, cookies, the scripted
 * interaction) until it reaches `redirectUri`, and returns that callback's query. This is the
 * tests' stand-in for the popup.
 * @param {URL | string} authorizationUrl
 * @param {string} redirectUri
 * @returns {Promise<URLSearchParams>}
 */
export async function authorizeByFetch(authorizationUrl, redirectUri) {
  /** @type {Map<string, string>} */
  const cookies = new Map();
  let current = new URL(authorizationUrl);
  for (let hop = 0; hop < 20; hop++) {
    if (current.href.startsWith(redirectUri)) return current.searchParams;
    const cookieHeader = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(current, { redirect: 'manual', headers: cookieHeader ? { cookie: cookieHeader } : {} });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      if (name) cookies.set(name.trim(), rest.join('='));
    }
    const location = response.headers.get('location');
    await response.body?.cancel();
    if (location === null) throw new Error(`authorization stopped at ${current.origin}${current.pathname} with HTTP ${response.status}`);
    current = new URL(location, current);
  }
  throw new Error('authorization did not reach the redirect URI in 20 hops');
}

if (isMain(import.meta.url)) await runCli(start, { name: 'auth', port: 3104 });
