// Issue 45 (decision 072): one section's chart, drawn by uPlot on a canvas. Loaded on its own
// (React.lazy), so uPlot reaches only the dashboard, never another back-office page. The canvas
// is a picture for sighted users (role="img" with its name); the figures themselves are in the
// table under it, for screen readers, keyboards and anyone who wants the numbers.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartData } from './chart-data.ts';
import { SERIES_STYLES } from './series-styles.ts';

const HEIGHT = 240;
const pounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  maximumFractionDigits: 0,
});
const whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

function options(data: ChartData, width: number): uPlot.Options {
  const bars = data.kind === 'categories';
  const tick = (v: number) => (data.unit === 'pounds' ? pounds.format(v) : whole.format(v));
  return {
    width,
    height: HEIGHT,
    // Our own legend, in HTML beside the chart; no hover cursor (the table has every value).
    legend: { show: false },
    cursor: { show: false },
    scales: {
      // Bars, and a range of one week, get half a step either side (a scale of no width draws nothing).
      x: {
        time: false,
        range: (_u, min, max) => (bars || min === max ? [min - 0.5, max + 0.5] : [min, max]),
      },
      y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
    },
    axes: [
      {
        stroke: '#1f2933',
        grid: { show: false },
        values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? (data.labels[v] ?? '') : '')),
        incrs: [1, 2, 4, 8, 13],
      },
      {
        stroke: '#1f2933',
        grid: { stroke: '#e5e7eb', width: 1 },
        values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? tick(v) : '')),
        size: data.unit === 'pounds' ? 64 : 44,
      },
    ],
    series: [
      {},
      ...data.series.map((s, i) => {
        const style = SERIES_STYLES[i % SERIES_STYLES.length]!;
        return bars
          ? {
              label: s.label,
              stroke: style.colour,
              fill: i === 0 ? `${style.colour}33` : style.colour,
              width: 2,
              paths: uPlot.paths.bars!({ size: [i === 0 ? 0.7 : 0.3, 80] }),
              points: { show: false },
            }
          : {
              label: s.label,
              stroke: style.colour,
              width: 2,
              ...(style.dash ? { dash: [...style.dash] } : {}),
              points: { show: true, size: 6, fill: style.colour },
            };
      }),
    ],
  };
}

/** The chart of one section; `name` is what a screen reader hears for the picture. */
export default function DashboardChart({ data, name }: { data: ChartData; name: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const aligned: uPlot.AlignedData = [data.labels.map((_, i) => i), ...data.series.map((s) => s.values)];
    const plot = new uPlot(options(data, Math.max(200, el.clientWidth)), aligned, el);
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(200, el.clientWidth), height: HEIGHT }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [data]);
  return <div ref={box} role="img" aria-label={name} className="w-full" data-testid="dashboard-chart" />;
}
