/**
 * The page's side of signing in: its OAuth URLs (from where it is served), the popup opener (and
 * the same-tab sign-in for when the popup is blocked), and
 * where tokens are kept: in memory, or, with "remember on this device", encrypted under a
 * non-extractable key in an IndexedDB database of their own (the session's database and its
 * export never hold them).
 */
import type { KeyValueStorage } from '../core/shared';
import type { AppOAuthUrls, CryptoKeyStore } from '../core/auth';
// By file: core/auth's index also leads to the sign-in flow, which loads on first use with the SDK.
import { appOAuthUrls } from '../core/auth/app-urls';
import { EncryptedTokenStore } from '../core/auth/encrypted-token-store';
import { RememberingTokenStore } from '../core/auth/remembering-token-store';
import type { SignInSetup } from '../core/mcp';
import { openIndexedDbBackend } from '../core/persistence';
import { createPopupOpener } from './oauth-popup';
import { createSameTabRedirect } from './same-tab-redirect';

/** The localStorage key of "remember on this device" (a yes/no, never a token). */
const REMEMBER_KEY = 'glassbox.oauth.remember';

/** The build's Client ID Metadata Document URL ('' when the build was made without GLASSBOX_PUBLIC_URL). */
declare const __GLASSBOX_CLIENT_METADATA_URL__: string;

/**
 * The app's OAuth URLs where it runs now. The client metadata document is offered only when the
 * build wrote one for exactly this place (a copy served elsewhere has none that names it).
 */
function currentAppUrls(location: Location = window.location): AppOAuthUrls {
  const urls = appOAuthUrls(location.origin, new URL('./', location.href).pathname);
  const built = typeof __GLASSBOX_CLIENT_METADATA_URL__ === 'string' ? __GLASSBOX_CLIENT_METADATA_URL__ : '';
  // '' is not an https URL, so the sign-in skips the document and registers instead.
  return built === urls.clientMetadataDocumentUrl ? urls : { ...urls, clientMetadataDocumentUrl: '' };
}

/** The sign-in's own IndexedDB database (remembered tokens and their key; a same-tab sign-in's sealed flow), opened once. */
let oauthDatabase: ReturnType<typeof openIndexedDbBackend> | undefined;
function openOAuthDatabase(): ReturnType<typeof openIndexedDbBackend> {
  oauthDatabase ??= openIndexedDbBackend({ databaseName: 'glassbox-oauth', storeName: 'tokens' });
  return oauthDatabase;
}

/** The encrypted token store in the sign-in's database, its key beside the records (the bridge's remembered pairing is kept there too). */
export async function openEncryptedStore(): Promise<EncryptedTokenStore> {
  const backend = await openOAuthDatabase();
  const keys: CryptoKeyStore = {
    get: async () => (await backend.get('oauth-key')) as CryptoKey | undefined,
    put: (key) => backend.put('oauth-key', key),
  };
  return new EncryptedTokenStore(backend, keys);
}

/** Everything the connections need to sign in from this page. */
export function browserSignInSetup(storage: KeyValueStorage): SignInSetup {
  // First: it takes a same-tab sign-in's answer out of the address bar before anything reads the URL.
  const redirect = createSameTabRedirect(openOAuthDatabase);
  const opener = createPopupOpener();
  const remembering = () => storage.getItem(REMEMBER_KEY) === '1';
  const store = new RememberingTokenStore(openEncryptedStore, remembering);
  const known = new Set<string>();
  return {
    app: currentAppUrls(),
    openAuthorization: opener,
    cancelAuthorization: () => opener.cancel(),
    redirect,
    store: {
      get: async (serverUrl, issuer) => {
        const record = await store.get(serverUrl, issuer);
        if (record) known.add(serverUrl);
        return record;
      },
      delete: (serverUrl, issuer) => store.delete(serverUrl, issuer),
      set: (record) => (known.add(record.serverUrl), store.set(record)),
    },
    corsApplies: true,
    remember: {
      get: remembering,
      set: async (on) => {
        if (on) {
          storage.setItem(REMEMBER_KEY, '1');
          // The sign-ins of this page are remembered too, not only the next ones.
          for (const serverUrl of known) {
            const record = await store.get(serverUrl);
            if (record) await store.set(record);
          }
        } else {
          await store.forgetDurable([...known]);
          storage.setItem(REMEMBER_KEY, '0');
        }
      },
    },
  };
}
