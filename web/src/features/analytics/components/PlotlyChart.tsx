import Plotly from 'plotly.js-basic-dist-min';
import { useEffect, useRef } from 'react';
import type { Chart } from '../model.ts';

/** The page's colours: the community in the primary green, me in the accent; pies take the palette in turn. */
const communityColour = '#2f6f5e';
const meColour = '#c2662d';
const palette = ['#2f6f5e', '#c2662d', '#1a5fb4', '#8a5a9e', '#b08a1e', '#3f8f8a', '#a5413a', '#5d6b2f', '#6b6f80', '#d07aa0'];

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
        x: s.x,
        y: s.y,
        marker: { color: s.mine ? meColour : communityColour },
        hovertemplate: '%{x}<br>%{fullData.name}: %{y}<extra></extra>',
      }))
    : [
        {
          type: 'pie',
          labels: chart.labels,
          values: chart.values,
          sort: false,
          textinfo: 'percent',
          hovertemplate: '%{label}: %{value} (%{percent})<extra></extra>',
          marker: { colors: chart.labels.map((_, i) => palette[i % palette.length]) },
        },
      ];

/**
 * One chart drawn by plotly (the basic partial bundle, loaded with the
 * analytics route only). The drawing is an image for assistive technology:
 * its numbers are in the table beside it.
 */
export const PlotlyChart = ({ chart, label, languageTag }: { chart: Chart; label: string; languageTag: string }) => {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const layout = {
      autosize: true,
      height: chart.kind === 'pie' ? 320 : 300,
      margin: { l: 40, r: 16, t: 16, b: chart.kind === 'bar' ? 64 : 16 },
      barmode: 'group',
      bargap: 0.15,
      showlegend: true,
      legend: chart.kind === 'bar' ? { orientation: 'h', x: 0, y: 1.12 } : {},
      xaxis: { type: 'category', automargin: true, nticks: 12, tickangle: chart.id === 'per-day' ? -45 : 'auto' },
      yaxis: { rangemode: 'tozero', tickformat: 'd', automargin: true, fixedrange: true },
      paper_bgcolor: 'rgba(0,0,0,0)',
      plot_bgcolor: 'rgba(0,0,0,0)',
      font,
      separators: separatorsOf(languageTag),
    };
    void Plotly.react(el, traceOf(chart), layout, { displayModeBar: false, responsive: true });
  }, [chart, languageTag]);
  useEffect(() => {
    const el = root.current;
    return () => {
      if (el) Plotly.purge(el);
    };
  }, []);
  return <div ref={root} role="img" aria-label={label} data-testid={`chart-plot-${chart.id}`} />;
};
