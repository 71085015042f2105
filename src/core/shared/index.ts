/**
 * core/shared: small pure helpers every layer uses. Inside core a folder imports the file it needs;
 * above core (features, ui, app) these are reached here.
 */
export { base64Bytes, formatBytes } from './byte-size';
export { formatCount } from './format';
export { fnv1a32Hex } from './hash';
export { isPlainObject } from './json';
export { Listeners } from './listeners';
export { memoryStorage } from './key-value-storage';
export type { KeyValueStorage } from './key-value-storage';
export { MemoryBackend } from './memory-backend';
export type { KeyValueBackend } from './key-value-backend';
