/** Reads recorded replies from a provider's `__fixtures__` folder (tests only). */
import { readFileSync } from 'node:fs';
import type { SseEvent } from '../provider';
import { splitSse } from './split-sse';

/** The events of a recorded stream, split as a live stream would be. */
export function readSseFixture(folder: URL, name: string): SseEvent[] {
  return splitSse(readFileSync(new URL(name, folder), 'utf8'));
}

/** A recorded JSON reply body. */
export function readJsonFixture(folder: URL, name: string): unknown {
  return JSON.parse(readFileSync(new URL(name, folder), 'utf8'));
}
