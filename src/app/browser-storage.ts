import { memoryStorage } from '../core/tools';
import type { KeyValueStorage } from '../core/tools';

/** localStorage, or an in-memory stand-in where storage is blocked. */
export function browserStorage(): KeyValueStorage {
  try {
    const probe = '__glassbox_probe__';
    localStorage.setItem(probe, '1');
    localStorage.removeItem(probe);
    return localStorage;
  } catch {
    return memoryStorage();
  }
}
