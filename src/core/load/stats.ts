/**
 * A load run's live figures: latencies kept whole (percentiles over every request), a bounded
 * series of latency over time for the plot, a histogram, and the requests in flight at once.
 */

/** A point of the latency-over-time plot: when the request ended (ms since the start) and its latency. */
export interface LatencyPoint {
  atMs: number;
  latencyMs: number;
}

/** One histogram bin: latencies in [fromMs, toMs). */
export interface HistogramBin {
  fromMs: number;
  toMs: number;
  count: number;
}

/** The most points the latency series keeps (past it, every other one is dropped). */
const MAX_SERIES_POINTS = 4000;

/** The value below which `fraction` of the sorted values lie (nearest rank); 0 when empty. */
export function percentile(sorted: ArrayLike<number>, fraction: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

/** `bins` equal bins from 0 to the largest value (the last bin holds the largest). */
export function histogram(values: ArrayLike<number>, bins = 30): HistogramBin[] {
  if (values.length === 0) return [];
  let max = 0;
  for (let i = 0; i < values.length; i++) max = Math.max(max, values[i] ?? 0);
  const width = max > 0 ? max / bins : 1;
  const out: HistogramBin[] = Array.from({ length: bins }, (_, i) => ({ fromMs: i * width, toMs: (i + 1) * width, count: 0 }));
  for (let i = 0; i < values.length; i++) {
    const index = Math.min(bins - 1, Math.floor((values[i] ?? 0) / width));
    const bin = out[index];
    if (bin) bin.count += 1;
  }
  return out;
}

/** The most intervals that overlap at one instant (an interval ending when another starts does not overlap it). */
export function maxOverlap(intervals: ReadonlyArray<readonly [number, number]>): number {
  const edges: Array<[number, number]> = [];
  for (const [start, end] of intervals) edges.push([start, 1], [Math.max(start, end), -1]);
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let open = 0;
  let most = 0;
  for (const [, step] of edges) {
    open += step;
    most = Math.max(most, open);
  }
  return most;
}

/** Latencies and their series as they come. */
export class LatencyRecorder {
  private values = new Float64Array(1024);
  private count = 0;
  private sorted: Float64Array | undefined;
  /** The plot's points, one per `stride` requests. */
  readonly series: LatencyPoint[] = [];
  private stride = 1;
  private seen = 0;

  /** Adds one finished request. */
  add(atMs: number, latencyMs: number): void {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = latencyMs;
    this.sorted = undefined;
    if (this.seen++ % this.stride === 0) this.series.push({ atMs, latencyMs });
    if (this.series.length > MAX_SERIES_POINTS) {
      // Keep every other point: the series stays bounded and evenly spread.
      let kept = 0;
      for (let i = 0; i < this.series.length; i += 2) this.series[kept++] = this.series[i]!;
      this.series.length = kept;
      this.stride *= 2;
    }
  }

  get size(): number {
    return this.count;
  }

  /** The latencies, sorted (cached until the next add). */
  sortedValues(): Float64Array {
    this.sorted ??= this.values.slice(0, this.count).sort();
    return this.sorted;
  }
}
