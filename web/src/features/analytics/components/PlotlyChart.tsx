import Plotly from 'plotly.js-basic-dist-min';
import { useEffect, useRef } from 'react';
import type { Chart } from '../model.ts';
import styles from './Stats.module.css';

/** The page's colours: the community in the primary green, me in the accent; pies take the palette in turn. */
const communityColour = '#2f6f5e';
const meColour = '#c2662d';
export const palette = ['#2f6f5e', '#c2662d', '#1a5fb4', '#8a5a9e', '#b08a1e', '#3f8f8a', '#a5413a', '#5d6b2f', '#6b6f80', '#d07aa0'];

/** The decimal and thousands separators of the interface language, as plotly's `separators` wants them. */
export const separatorsOf = (languageTag: string): string => {
  const parts = new Intl.NumberFormat(languageTag).formatToParts(12345.6);
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  return `${decimal}${group}`;
};

const font = { family: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', size: 13, color: '#1d2520' };

const traceOf = (chart: Chart): Record<string, unknown>[] =>
  chart.kind === 'bar'
    ? chart.series.map((s) => ({
        type: 'bar',
        name: s.name,
        ...(chart.horizontal ? { orientation: 'h', y: s.x, x: s.y } : { x: s.x, y: s.y }),
        marker: { color: s.colour ?? (s.mine ? meColour : communityColour) },
        hovertemplate: chart.horizontal ? '%{y}<br>%{fullData.name}: %{x}<extra></extra>' : '%{x}<br>%{fullData.name}: %{y}<extra></extra>',
      }))
    : [
        {
          type: 'pie',
          // Slices of 0 draw nothing but a stack of "0 %" labels: they stay in the table only.
          labels: chart.labels.filter((_, i) => (chart.values[i] ?? 0) > 0),
          values: chart.values.filter((value) => value > 0),
          sort: false,
          textinfo: chart.show === 'value' ? 'value' : 'percent',
          hovertemplate: '%{label}: %{value} (%{percent})<extra></extra>',
          marker: { colors: chart.labels.flatMap((_, i) => ((chart.values[i] ?? 0) > 0 ? [palette[i % palette.length]] : [])) },
        },
      ];

/** The layout for a chart drawn `width` pixels wide: fewer ticks and the pie's legend below it on a phone. */
const layoutOf = (chart: Chart, languageTag: string, width: number): Record<string, unknown> => {
  const narrow = width < 480;
  const bar = chart.kind === 'bar' ? chart : null;
  const dayAxis = chart.id === 'per-day' || Boolean(bar?.dayAxis);
  const categoryAxis = {
    type: 'category',
    automargin: true,
    // Only the day by day axis thins its labels; the weekdays, years and weeks keep each one.
    ...(dayAxis ? { nticks: Math.max(3, Math.min(12, Math.floor(width / 90))) } : {}),
    ...(bar?.horizontal ? { autorange: 'reversed' } : { tickangle: dayAxis || (narrow && chart.id === 'weekdays') ? -45 : 'auto' }),
    ...(bar?.rangeslider ? { rangeslider: { visible: true, thickness: 0.12 } } : {}),
  };
  // Counts are whole: with small ones plotly would tick 0.5 steps, written "0 1 1 2 2".
  const largest = bar ? Math.max(0, ...bar.series.flatMap((s) => (bar.stacked ? [] : s.y))) : 0;
  const stackedLargest = bar?.stacked
    ? Math.max(0, ...(bar.series[0]?.y ?? []).map((_, i) => bar.series.reduce((sum, s) => sum + (s.y[i] ?? 0), 0)))
    : 0;
  const valueAxis = {
    rangemode: 'tozero',
    tickformat: 'd',
    ...(Math.max(largest, stackedLargest) <= 8 ? { dtick: 1 } : {}),
    automargin: true,
    fixedrange: true,
    ...(bar?.valueTitle ? { title: { text: bar.valueTitle } } : {}),
  };
  return {
    autosize: true,
    height: chart.kind === 'pie' ? (narrow ? 380 : 320) : (bar?.height ?? 300) + (bar?.rangeslider ? 60 : 0),
    margin: { l: 40, r: 16, t: 16, b: chart.kind === 'bar' ? 64 : 16 },
    barmode: bar?.stacked ? 'stack' : 'group',
    bargap: 0.15,
    showlegend: !bar || bar.series.length > 1 || Boolean(bar.legend),
    legend: chart.kind === 'bar' ? { orientation: 'h', x: 0, y: 1.12 } : narrow ? { orientation: 'h', x: 0, y: -0.05 } : {},
    xaxis: bar?.horizontal ? valueAxis : categoryAxis,
    yaxis: bar?.horizontal ? categoryAxis : valueAxis,
    paper_bgcolor: 'rgba(0,0,0,0)',
    plot_bgcolor: 'rgba(0,0,0,0)',
    font,
    separators: separatorsOf(languageTag),
  };
};

/**
 * One chart drawn by plotly (the basic partial bundle, loaded with the
 * analytics route only). The drawing is an image for assistive technology:
 * its numbers are in the table beside it.
 */
export const PlotlyChart = ({ chart, label, languageTag }: { chart: Chart; label: string; languageTag: string }) => {
  const root = useRef<HTMLDivElement>(null);
  const latest = useRef({ chart, languageTag });
  latest.current = { chart, languageTag };
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    void Plotly.react(el, traceOf(chart), layoutOf(chart, languageTag, el.clientWidth), { displayModeBar: false });
  }, [chart, languageTag]);
  useEffect(() => {
    const el = root.current;
    if (!el) return undefined;
    // Follow the card's width (a turned phone, a narrowed window): drawn again for the new width.
    let frame = 0;
    let width = el.clientWidth;
    const observer = new ResizeObserver(() => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const { chart: current, languageTag: tag } = latest.current;
        void Plotly.react(el, traceOf(current), layoutOf(current, tag, el.clientWidth), { displayModeBar: false });
      });
    });
    observer.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      Plotly.purge(el);
    };
  }, []);
  return <div ref={root} className={styles.plot} role="img" aria-label={label} data-testid={`chart-plot-${chart.id}`} />;
};
