/**
 * The probe's two plots, drawn by uPlot (loaded with this panel, only when the probe opens):
 * latency over time, each answered request a point, with p50/p95/p99 as lines; and the latency
 * histogram with the three percentiles marked. Each plot is made once and given new data as the
 * probe runs (setData), so a running probe costs a redraw, not a new chart.
 */
import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { LoadState } from '../../core/load';

const WIDTH = 340;
const HEIGHT = 150;
const PERCENTILE_COLORS = { p50: '#2b8a3e', p95: '#e67700', p99: '#c92a2a' } as const;

/** A uPlot chart in a div, made once with `options`, fed `data` on every change. */
function Chart({ options, data, label, testId }: { options: uPlot.Options; data: uPlot.AlignedData; label: string; testId: string }) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | undefined>(undefined);
  useEffect(() => {
    if (!host.current) return;
    chart.current = new uPlot(options, data, host.current);
    return () => {
      chart.current?.destroy();
      chart.current = undefined;
    };
    // Made once: later data arrives through setData below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    chart.current?.setData(data);
  }, [data]);
  return <div ref={host} role="img" aria-label={label} data-testid={testId} data-points={data[0]?.length ?? 0} className="load-plot" />;
}

/** Draws a vertical line per percentile on a chart whose x axis is latency. */
function percentileMarks(read: () => Pick<LoadState, 'p50' | 'p95' | 'p99'>): uPlot.Plugin {
  return {
    hooks: {
      draw: (u) => {
        const figures = read();
        const { ctx } = u;
        for (const key of ['p50', 'p95', 'p99'] as const) {
          const x = u.valToPos(figures[key], 'x', true);
          ctx.save();
          ctx.strokeStyle = PERCENTILE_COLORS[key];
          ctx.lineWidth = 1.5 * uPlot.pxRatio;
          ctx.beginPath();
          ctx.moveTo(x, u.bbox.top);
          ctx.lineTo(x, u.bbox.top + u.bbox.height);
          ctx.stroke();
          ctx.restore();
        }
      },
    },
  };
}

/** Latency over time and the histogram of a probe. */
export function LoadPlots({ state }: { state: LoadState }) {
  const latest = useRef(state);
  latest.current = state;
  const seriesData = useSeriesData(state);
  const histogramData = useHistogramData(state);
  return (
    <div className="load-plots">
      <Chart
        testId="load-plot-latency"
        label={`Latency over time: p50 ${state.p50.toFixed(1)} ms, p95 ${state.p95.toFixed(1)} ms, p99 ${state.p99.toFixed(1)} ms`}
        data={seriesData}
        options={{
          width: WIDTH,
          height: HEIGHT,
          legend: { show: true, live: false },
          cursor: { show: false },
          scales: { x: { time: false } },
          axes: [{ label: 's', values: (_u, ticks) => ticks.map((tick) => (tick / 1000).toFixed(1)) }, { label: 'ms' }],
          series: [
            {},
            { label: 'latency', stroke: 'transparent', points: { show: true, size: 3, fill: '#1c7ed6', stroke: '#1c7ed6' } },
            { label: 'p50', stroke: PERCENTILE_COLORS.p50, points: { show: false } },
            { label: 'p95', stroke: PERCENTILE_COLORS.p95, points: { show: false } },
            { label: 'p99', stroke: PERCENTILE_COLORS.p99, points: { show: false } },
          ],
        }}
      />
      <Chart
        testId="load-plot-histogram"
        label={`Latency histogram over ${state.completed} answers`}
        data={histogramData}
        options={{
          width: WIDTH,
          height: HEIGHT,
          legend: { show: false },
          cursor: { show: false },
          scales: { x: { time: false } },
          axes: [{ label: 'ms' }, { label: 'requests' }],
          plugins: [percentileMarks(() => latest.current)],
          series: [
            {},
            {
              label: 'requests',
              fill: '#74c0fc',
              stroke: '#1c7ed6',
              paths: uPlot.paths.bars!({ size: [1, 100] }),
              points: { show: false },
            },
          ],
        }}
      />
    </div>
  );
}

/** The latency series as uPlot columns (x, latency, p50, p95, p99), rebuilt when the state changes. */
function useSeriesData(state: LoadState): uPlot.AlignedData {
  return useMemo(() => {
    const xs = state.series.map((point) => point.atMs);
    return [xs, state.series.map((point) => point.latencyMs), xs.map(() => state.p50), xs.map(() => state.p95), xs.map(() => state.p99)];
  }, [state]);
}

/** The histogram as uPlot columns (bin middle, count). */
function useHistogramData(state: LoadState): uPlot.AlignedData {
  return useMemo(() => [state.histogram.map((bin) => (bin.fromMs + bin.toMs) / 2), state.histogram.map((bin) => bin.count)], [state]);
}
