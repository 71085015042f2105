/** Drives a provider's stream parser the way the agent does, for the parse-stream tests of every provider (tests only). */
import { expect } from 'vitest';
import type { NeutralResponse, StreamEvent } from '../../conversation';
import type { ModelStreamParser } from '../provider';
import type { SseEvent } from '../sse-event';

/** The reply text of every provider's recorded text stream (`*-text.sse`). */
export const HELLO_TEXT = 'Hello! How can I help today?';

/** The text deltas those recorded text streams split HELLO_TEXT into. */
export const HELLO_DELTAS: StreamEvent[] = [
  { type: 'text-delta', text: 'Hello' },
  { type: 'text-delta', text: '! How can I help' },
  { type: 'text-delta', text: ' today?' },
];

/** Pushes each event through the parser; returns it with every stream event it emitted, in order. */
export function feed<P extends ModelStreamParser>(parser: P, events: SseEvent[]): { parser: P; emitted: StreamEvent[] } {
  const emitted = events.flatMap((event) => parser.push(event));
  return { parser, emitted };
}

/** Finishes the parser and checks that the stream's last event was `done` with that same reply. */
export function finishDone(parser: ModelStreamParser, emitted: StreamEvent[]): NeutralResponse {
  const response = parser.finish();
  expect(emitted.at(-1)).toEqual({ type: 'done', response });
  return response;
}

/** What `finish` throws (a cut or failed stream), or undefined when the reply was complete. */
export function finishError(parser: ModelStreamParser): unknown {
  try {
    parser.finish();
  } catch (error) {
    return error;
  }
  return undefined;
}
