/**
 * The app as the page an authorization server sends the person back to. The redirect URI is
 * oauth/callback.html, which every static host serves; but an answer can still land on the app
 * itself: a client registered with an earlier redirect URI (`oauth/callback`, which a host with a
 * single-page fallback answers with index.html, whose first lines send it on to the app's folder),
 * or a host that answers every address with index.html. Then the app does what the callback page
 * does, before anything else reads the address: it takes the answer out of the address bar and
 * the history, and either hands it to the tab that opened the sign-in window (the channel), or,
 * in a tab that left Glassbox to sign in, passes it to the same-tab sign-in (the fragment that
 * same-tab-redirect.ts takes), so the original flow resumes. It checks nothing itself: the flow
 * that receives the answer checks `state` and `iss`, exactly as for the callback page's answer.
 * Kept apart from the app (boot.ts imports it): a sign-in window never loads the app.
 */
import { OAUTH_CHANNEL, REDIRECT_MARKER_KEY, RETURN_FRAGMENT, type OAuthCallbackMessage } from './oauth-channel';

/** What the landing did: nothing (no answer in the address), passed it to the same-tab sign-in, or handed it to the opener. */
export type OAuthLanding = 'none' | 'same-tab' | 'handed-over';

/** The browser pieces used (injected in tests). */
export interface LandingPage {
  location: Pick<Location, 'pathname' | 'search'>;
  history: Pick<History, 'replaceState'>;
  session: Pick<Storage, 'getItem'>;
  /** Posts on the sign-in channel (a BroadcastChannel in the page). */
  post(message: OAuthCallbackMessage): void;
}

/** The query of an authorization response (RFC 6749 §4.1.2 and §4.1.2.1: `state` with a `code` or an `error`), or undefined. */
export function authorizationResponse(search: string): string | undefined {
  const params = new URLSearchParams(search);
  return params.has('state') && (params.has('code') || params.has('error')) ? search.replace(/^\?/, '') : undefined;
}

/** Takes an authorization response out of the address and sends it where it is awaited. */
export function landOAuthCallback(page: LandingPage = browserPage()): OAuthLanding {
  const query = authorizationResponse(page.location.search);
  if (query === undefined) return 'none';
  let waiting = false;
  try {
    waiting = page.session.getItem(REDIRECT_MARKER_KEY) !== null;
  } catch {
    // Storage refused: only the sign-in window's way is left.
  }
  // The answer leaves the address bar and the history entry at once (replaced, not pushed). In a
  // waiting tab it moves into the fragment the same-tab sign-in takes (and removes) as the app starts.
  page.history.replaceState(null, '', page.location.pathname + (waiting ? RETURN_FRAGMENT + encodeURIComponent(query) : ''));
  if (waiting) return 'same-tab';
  page.post({ type: 'glassbox-oauth-callback', query });
  return 'handed-over';
}

/**
 * Lands an answer in this page: a sign-in window that handed it over says so and closes. True when
 * it did close; a plain tab that came here with an answer (script cannot close it) goes on to the app.
 */
export function landInThisPage(): boolean {
  if (landOAuthCallback() !== 'handed-over') return false;
  const status = document.createElement('p');
  status.id = 'sign-in-handed-over';
  status.className = 'boot-status';
  status.setAttribute('role', 'status');
  status.textContent = 'Signed in: the sign-in went back to Glassbox. This window closes by itself (close it if it stays open).';
  document.body.append(status);
  window.close();
  return window.closed;
}

/** The page's own pieces. */
function browserPage(): LandingPage {
  return {
    location,
    history,
    // Read when asked, inside the landing's try: a browser that refuses storage throws on access.
    session: { getItem: (key) => sessionStorage.getItem(key) },
    post: (message) => {
      const channel = new BroadcastChannel(OAUTH_CHANNEL);
      channel.postMessage(message);
      channel.close();
    },
  };
}
