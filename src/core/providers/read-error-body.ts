/** Reads an error body of unknown shape: the fallback both providers' error parsers share. */
import type { ProviderErrorInfo } from './provider';
import { isPlainObject } from '../shared/json';

const MAX_MESSAGE_LENGTH = 500;

/**
 * Turns a string body into JSON when it is JSON, leaving other text as it is. Error bodies
 * reach the parsers either way, depending on whether the caller could parse them.
 */
export function decodeErrorBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * The best `{ type, message }` that can be read from an error body of any shape: the
 * Anthropic and OpenAI shapes, `{ error: "text" }`, `{ message }`, `{ detail }`, or plain text
 * (cut to 500 characters).
 */
export function readErrorBody(body: unknown): ProviderErrorInfo {
  const decoded = decodeErrorBody(body);
  if (typeof decoded === 'string') {
    const text = decoded.trim();
    return { type: 'unknown', message: text === '' ? 'The server gave no error message.' : cut(text) };
  }
  if (!isPlainObject(decoded)) return { type: 'unknown', message: 'The server gave no error message.' };

  const error = decoded['error'];
  if (isPlainObject(error)) {
    const type = stringOf(error['type']) ?? stringOf(error['code']) ?? 'unknown';
    const message = stringOf(error['message']) ?? cut(JSON.stringify(error));
    return { type, message };
  }
  if (typeof error === 'string') return { type: stringOf(decoded['type']) ?? 'unknown', message: cut(error) };
  const message = stringOf(decoded['message']) ?? stringOf(decoded['detail']);
  if (message !== undefined) return { type: stringOf(decoded['type']) ?? 'unknown', message: cut(message) };
  return { type: 'unknown', message: cut(JSON.stringify(decoded)) };
}

function stringOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

function cut(text: string): string {
  return text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH)}…` : text;
}
