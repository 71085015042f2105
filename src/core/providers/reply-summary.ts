/**
 * Defensive readers the provider folders' panel summaries share: bodies and events are
 * untrusted text, a stream may be cut or still arriving, so nothing here throws.
 */
import type { ReplyFindings } from './adapter-parts';
import { isPlainObject } from '../shared/json';

/** A JSON object read from the wire. */
export type Json = Record<string, unknown>;

/** Shown for a tool call that arrived without a name. */
export const NO_NAME = '(no name)';

/** The value as a plain object, or undefined. */
export function asObject(value: unknown): Json | undefined {
  return isPlainObject(value) ? value : undefined;
}

/** The value as a finite number, or undefined. */
export function asNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The value as a non-empty string, or undefined. */
export function asString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Parses JSON text; undefined when it is not JSON. */
export function parseJson(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The message of an error object (`{ error: { message } }` or `{ error: "text" }`). */
export function errorMessageOf(value: Json): string | undefined {
  const error = value['error'];
  if (typeof error === 'string') return asString(error);
  const object = asObject(error);
  return object !== undefined ? (asString(object['message']) ?? asString(object['type']) ?? 'error') : undefined;
}

/** Findings before anything was read. */
export function emptyFindings(): ReplyFindings {
  return { usage: {}, toolNames: [], hasText: false };
}

/** A copy that later reads cannot change. */
export function copyFindings(findings: ReplyFindings, extraToolNames: readonly string[] = []): ReplyFindings {
  const copy: ReplyFindings = {
    usage: { ...findings.usage },
    toolNames: [...findings.toolNames, ...extraToolNames],
    hasText: findings.hasText,
  };
  if (findings.stopReason !== undefined) copy.stopReason = findings.stopReason;
  if (findings.errorMessage !== undefined) copy.errorMessage = findings.errorMessage;
  return copy;
}

/** Where one wire keeps its usage counts: plain keys, `cacheRead` a path into nested details. */
export interface UsageKeys {
  input: string;
  output: string;
  cacheRead: readonly string[];
  cacheWrite?: string;
  /** True when the wire's input figure already includes the cached tokens. */
  cacheReadInInput: boolean;
}

/** Reads a usage object with the given keys; later values replace earlier ones. */
export function readUsageInto(usage: Json | undefined, keys: UsageKeys, findings: ReplyFindings): void {
  if (usage === undefined) return;
  const input = asNumber(usage[keys.input]);
  const output = asNumber(usage[keys.output]);
  let nested: unknown = usage;
  for (const key of keys.cacheRead) nested = asObject(nested)?.[key];
  const cacheRead = asNumber(nested);
  const cacheWrite = keys.cacheWrite === undefined ? undefined : asNumber(usage[keys.cacheWrite]);
  if (input !== undefined) findings.usage.input = input;
  if (output !== undefined) findings.usage.output = output;
  if (cacheRead !== undefined) findings.usage.cacheRead = cacheRead;
  if (cacheWrite !== undefined) findings.usage.cacheWrite = cacheWrite;
  if (keys.cacheReadInInput) findings.usage.cacheReadInInput = true;
}
