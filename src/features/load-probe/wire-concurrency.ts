/**
 * How many of a probe's requests were on the wire at once, read from the browser's Resource Timing:
 * each fetch to the server's URL gives when its request left (`requestStart`) and when its answer
 * ended (`responseEnd`); the most that overlap is the concurrency reached. The browser shows
 * `requestStart` only when the server sends `Timing-Allow-Origin`; without it nothing is measured
 * and the note says so. A browser opens at most about 6 HTTP/1.1 connections to one host.
 */
import type { WireConcurrency } from '../../core/load';
import { maxOverlap } from '../../core/load';

/** The intervals kept for the overlap (the oldest beyond it are folded into the maximum so far). */
const WINDOW = 2000;

const HTTP1_NOTE =
  'A browser opens at most about 6 HTTP/1.1 connections to one host: the other requests waited in its queue (over HTTP/2 the limit does not apply).';

/** Watches the fetches to `url` from now on; `read()` is the probe's `wireConcurrency`, `stop()` ends the watch. */
export function watchWireConcurrency(url: string): { read(): WireConcurrency | undefined; stop(): void } {
  const target = new URL(url, location.href).href;
  let intervals: Array<[number, number]> = [];
  let most = 0;
  let hidden = 0;
  let protocol = '';
  let observer: PerformanceObserver | undefined;
  try {
    observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
        if (entry.name !== target || entry.initiatorType !== 'fetch') continue;
        if (entry.nextHopProtocol) protocol = entry.nextHopProtocol;
        if (entry.requestStart > 0) intervals.push([entry.requestStart, entry.responseEnd]);
        else hidden += 1;
      }
      if (intervals.length > WINDOW) {
        most = Math.max(most, maxOverlap(intervals));
        intervals = intervals.slice(-WINDOW / 2);
      }
    });
    observer.observe({ type: 'resource', buffered: false });
  } catch {
    observer = undefined;
  }
  return {
    read() {
      if (!observer) return undefined;
      const h2 = protocol === 'h2' || protocol === 'h3';
      const note = h2 ? undefined : `${protocol ? `${protocol.toUpperCase()}: ` : ''}${HTTP1_NOTE}`;
      if (intervals.length === 0 && most === 0) {
        if (hidden === 0) return undefined;
        return {
          note: `Counted in the page, not on the wire: the server sends no Timing-Allow-Origin, so the browser hides when each request left. ${HTTP1_NOTE}`,
        };
      }
      return { reached: Math.max(most, maxOverlap(intervals)), ...(note !== undefined && { note }) };
    },
    stop() {
      observer?.disconnect();
    },
  };
}
