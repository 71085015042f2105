/**
 * The page's `openAuthorization`: the authorization page in a popup, the answer coming back from
 * the callback page through the BroadcastChannel. A blocked popup is a coded error (the card says
 * to allow popups). The popup's `closed` is not watched: an authorization page that sends
 * Cross-Origin-Opener-Policy makes it read `true` while the person is still signing in. The card
 * offers "Cancel" instead, and an unanswered sign-in ends after SIGN_IN_TIMEOUT_MS.
 */
import type { OpenAuthorization } from '../core/auth';
import { popupBlockedError, popupClosedError } from '../core/auth/auth-error';
import { isCallbackMessage, OAUTH_CHANNEL } from './oauth-channel';

/** How long a sign-in window may take: 10 minutes. */
const SIGN_IN_TIMEOUT_MS = 10 * 60_000;

/** The popup opener, with `cancel` for the card's "Cancel". */
export type PopupOpener = OpenAuthorization & { cancel(): void };

/** Creates the opener; `open` is window.open (injected for tests). */
export function createPopupOpener(
  open: (url: string, target: string, features: string) => Window | null = (url, target, features) => window.open(url, target, features),
): PopupOpener {
  let pending: ((error: Error) => void) | undefined;
  const openAuthorization = (url: URL) =>
    new Promise<URLSearchParams>((resolve, reject) => {
      pending?.(popupClosedError());
      const popup = open(url.href, 'glassbox-sign-in', 'popup,width=520,height=720');
      if (popup === null) {
        reject(popupBlockedError());
        return;
      }
      const channel = new BroadcastChannel(OAUTH_CHANNEL);
      const finish = () => {
        channel.close();
        clearTimeout(timer);
        pending = undefined;
      };
      channel.onmessage = (event: MessageEvent<unknown>) => {
        if (!isCallbackMessage(event.data)) return;
        finish();
        resolve(new URLSearchParams(event.data.query));
      };
      const fail = (error: Error) => {
        finish();
        reject(error);
      };
      const timer = setTimeout(() => fail(popupClosedError()), SIGN_IN_TIMEOUT_MS);
      pending = fail;
    });
  return Object.assign(openAuthorization, { cancel: () => pending?.(popupClosedError()) });
}
