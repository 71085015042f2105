/** One Server-Sent Event, already split by `eventsource-parser`: what a stream parser reads. */
export interface SseEvent {
  event?: string;
  data: string;
}
