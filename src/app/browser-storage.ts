import { memoryStorage, type KeyValueStorage } from '../core/shared';
import { isFirstFrame } from '../ui/first-frame';

/** localStorage, or an in-memory stand-in where storage is blocked. */
export function pageStorage(): KeyValueStorage {
  try {
    const probe = '__glassbox_probe__';
    localStorage.setItem(probe, '1');
    localStorage.removeItem(probe);
    return localStorage;
  } catch {
    return memoryStorage();
  }
}

/** What a render reads saved choices from: the page's storage, but an empty one in the first frame, which must match the prerender. */
export function browserStorage(): KeyValueStorage {
  return isFirstFrame() ? memoryStorage() : pageStorage();
}
