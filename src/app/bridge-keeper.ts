/**
 * "Remember on this device" for a glassbox-bridge pairing: kept as the remembered OAuth tokens are,
 * encrypted (AES-GCM, non-extractable key) in the sign-in's own IndexedDB database, never in the
 * session's database, web storage or an export. Off by default: the token then lives in the tab's
 * memory and a reload needs the pair link again. localStorage holds only the choice and the
 * bridge's address (neither is secret).
 */
import type { KeyValueStorage } from '../core/shared';
import type { BridgeKeeper, BridgePairing } from '../core/bridge';
import { openEncryptedStore } from './sign-in-setup';

/** The localStorage key of the choice ('1' or '0'). */
const BRIDGE_REMEMBER_KEY = 'glassbox.bridge.remember';
/** The localStorage key of the remembered bridge's address. */
const BRIDGE_URL_KEY = 'glassbox.bridge.url';
/** The issuer the record is filed under in the encrypted store (the bridge is not an OAuth server). */
const BRIDGE_ISSUER = 'glassbox-bridge';

/** The page's keeper of a bridge pairing (see the file comment). */
export function browserBridgeKeeper(storage: KeyValueStorage): BridgeKeeper {
  return {
    remembering: () => storage.getItem(BRIDGE_REMEMBER_KEY) === '1',
    setRemembering: (on) => storage.setItem(BRIDGE_REMEMBER_KEY, on ? '1' : '0'),
    load: async (): Promise<BridgePairing | undefined> => {
      const url = storage.getItem(BRIDGE_URL_KEY);
      if (!url) return undefined;
      const record = await (await openEncryptedStore()).get(url, BRIDGE_ISSUER);
      return record ? { url, token: record.accessToken } : undefined;
    },
    save: async (pairing) => {
      const store = await openEncryptedStore();
      const previous = storage.getItem(BRIDGE_URL_KEY);
      if (previous && previous !== pairing.url) await store.delete(previous, BRIDGE_ISSUER);
      await store.set({
        serverUrl: pairing.url,
        issuer: BRIDGE_ISSUER,
        accessToken: pairing.token,
        tokenType: 'Bearer',
        clientId: BRIDGE_ISSUER,
        clientSource: 'config',
      });
      storage.setItem(BRIDGE_URL_KEY, pairing.url);
    },
    forget: async () => {
      const url = storage.getItem(BRIDGE_URL_KEY);
      if (url) await (await openEncryptedStore()).delete(url, BRIDGE_ISSUER);
      storage.setItem(BRIDGE_URL_KEY, '');
    },
  };
}
