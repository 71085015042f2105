/**
 * The page's same-tab sign-in (core/auth/pending-redirect.ts says why it exists). Going: the
 * pending flow is sealed under its own non-extractable key and kept in IndexedDB, a marker in
 * sessionStorage (a yes, nothing secret) tells the callback page that this tab is waiting, and
 * the tab is replaced by the authorization page (replaced, so its URL, which carries the state,
 * stays out of the history). Coming back: the callback page sends the tab to the app with the
 * answer in the fragment (never sent to a server); the app takes it out of the address bar at
 * once, opens the sealed flow, deletes it and its key, and hands it to that server's sign-in.
 */
import type { KeyValueBackend } from '../core/shared';
import type { PendingRedirect, RedirectReturn, SameTabRedirect } from '../core/auth';
// By file: core/auth's index also leads to the sign-in flow, which loads on first use with the SDK.
import { seal, unseal } from '../core/auth/pending-redirect';
import { REDIRECT_MARKER_KEY, RETURN_FRAGMENT } from './oauth-channel';

/** The IndexedDB key of the sealed pending flow. */
const PENDING_KEY = 'redirect-pending';

/** What is sealed: the flow and the server it belongs to. */
interface Waiting {
  serverName: string;
  pending: PendingRedirect;
}

/** The browser pieces used (injected in tests). */
export interface RedirectPage {
  location: Pick<Location, 'hash' | 'pathname' | 'search' | 'replace'>;
  history: Pick<History, 'replaceState'>;
  session: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

/**
 * Takes the answer out of the address bar now (call before anything else reads the URL) and
 * returns the page's SameTabRedirect. `backend` opens where the sealed flow is kept.
 */
export function createSameTabRedirect(
  backend: () => Promise<KeyValueBackend>,
  page: RedirectPage = { location, history, session: sessionStorage },
): SameTabRedirect {
  const answer = page.location.hash.startsWith(RETURN_FRAGMENT)
    ? new URLSearchParams(decodeURIComponent(page.location.hash.slice(RETURN_FRAGMENT.length)))
    : undefined;
  if (answer) page.history.replaceState(null, '', page.location.pathname + page.location.search);
  // Whether this tab came back with an answer or some other way (Back, a new visit), it is no longer waiting.
  const wasWaiting = page.session.getItem(REDIRECT_MARKER_KEY) !== null;
  page.session.removeItem(REDIRECT_MARKER_KEY);
  // The sealed flow is opened once and deleted whatever the answer: it is used at most once.
  const arrival: Promise<(Waiting & { callback: URLSearchParams }) | undefined> = (async () => {
    if (!wasWaiting && answer === undefined) return undefined;
    const store = await backend();
    const sealed = await store.get(PENDING_KEY);
    if (sealed === undefined) return undefined;
    await store.delete(PENDING_KEY);
    const waiting = answer && ((await unseal(sealed)) as Waiting | undefined);
    return waiting && { ...waiting, callback: answer };
  })();
  arrival.catch(() => undefined);
  let handedOut = false;
  return {
    async go(serverName, pending) {
      const store = await backend();
      await store.put(PENDING_KEY, await seal({ serverName, pending } satisfies Waiting));
      page.session.setItem(REDIRECT_MARKER_KEY, '1');
      page.location.replace(pending.authorizationUrl);
    },
    async returned(serverName, serverUrl): Promise<RedirectReturn | undefined> {
      const back = await arrival;
      if (handedOut || back === undefined || back.serverName !== serverName || back.pending.serverUrl !== serverUrl) return undefined;
      handedOut = true;
      return { pending: back.pending, callback: back.callback };
    },
  };
}
