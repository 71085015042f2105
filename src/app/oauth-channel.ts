/**
 * What the callback page, the app's own landing (oauth-landing.ts) and the page that opened the
 * sign-in window agree on: the BroadcastChannel's name and the message shape, and for a same-tab
 * sign-in the marker and the fragment that carry the answer back. A channel, not `window.opener`, because an
 * authorization page that sends Cross-Origin-Opener-Policy cuts the popup off from its opener;
 * both pages are on the app's origin, so the channel still joins them. The callback page's script
 * (public/oauth/callback.js, a plain file) repeats the two names; oauth-channel.test.ts keeps them equal.
 */

/** The channel the callback page posts the authorization response to. */
export const OAUTH_CHANNEL = 'glassbox-oauth';

/** The callback page's message: the query the authorization server redirected with (code, state, iss or error). */
export interface OAuthCallbackMessage {
  type: 'glassbox-oauth-callback';
  query: string;
}

/** True when `data` is a callback message. */
export function isCallbackMessage(data: unknown): data is OAuthCallbackMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'glassbox-oauth-callback' &&
    typeof (data as { query?: unknown }).query === 'string'
  );
}

/** The sessionStorage key saying "this tab went to sign in" (public/oauth/callback.js repeats it). */
export const REDIRECT_MARKER_KEY = 'glassbox.oauth.redirect';
/** The fragment the callback page comes back with: `#oauth-callback=<the callback's query, encoded>` (callback.js repeats it). */
export const RETURN_FRAGMENT = '#oauth-callback=';
