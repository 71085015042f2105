/** Test helper. Splits a whole Server-Sent Events text (a recorded stream body) into events. */
import { createParser } from 'eventsource-parser';
import type { SseEvent } from '../provider';

/**
 * Splits SSE text into `{ event?, data }` records with the same rules a live stream is split by
 * (`eventsource-parser`): comments are skipped, multi-line data is joined with `\n`.
 */
export function splitSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createParser({
    onEvent: (message) => {
      events.push(message.event === undefined ? { data: message.data } : { event: message.event, data: message.data });
    },
  });
  parser.feed(text);
  // A final event not followed by a blank line is incomplete: a cut stream loses it, as a live one would.
  return events;
}
