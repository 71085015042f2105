/** Types for the scripted model server (model-server.mjs), so TypeScript tests can drive it. */
import type { Server } from 'node:http';

/** One scripted turn; fields combine (see the header of model-server.mjs). */
export interface ScriptStep {
  text?: string;
  toolCalls?: Array<{ name: string; input?: Record<string, unknown>; id?: string }>;
  echoToolResults?: boolean;
  error?: { status: number; retryAfter?: number | string; body?: unknown };
  streamError?: string;
  cutStream?: boolean | 'abort';
  badArguments?: boolean;
  delayMs?: number;
  /** This reply's pause between stream events, in ms (default: the server's). */
  chunkDelayMs?: number;
  stopReason?: 'end-turn' | 'tool-calls' | 'max-tokens' | 'stop-sequence' | 'refusal' | 'pause' | 'context-window' | 'content-filter';
}

/** A model request as the server received it. */
export interface RecordedModelRequest {
  format: 'anthropic' | 'openai' | 'openai-responses';
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (the raw text when it was not JSON). */
  body: unknown;
  /** The body exactly as received, for byte-for-byte comparisons. */
  text: string;
  stream: boolean;
  receivedAt: number;
  /** The status the server answered with (0 while still answering). */
  status: number;
}

/** A running server. */
export interface ModelServerHandle {
  /** e.g. http://127.0.0.1:4010 — the Anthropic and OpenAI Responses base; the Chat Completions base is `${url}/v1`. */
  url: string;
  port: number;
  server: Server;
  setScript(steps: ScriptStep[]): void;
  requests(): RecordedModelRequest[];
  reset(): void;
  close(): Promise<void>;
}

/** Starts the server; `port: 0` (default) picks a free port; `chunkDelayMs` defaults to 15. */
export declare function start(options?: {
  host?: string;
  port?: number;
  chunkDelayMs?: number;
  validate?: boolean;
  /** False: requests are not kept for `requests()` (a long bench turn resends megabytes each). Default true. */
  keepRequests?: boolean;
}): Promise<ModelServerHandle>;

/** The scripted server's answer to `POST /v1/messages/count_tokens` for a body: one token per 4 characters of its JSON, rounded up. */
export function countTokensFor(body: unknown): number;
