import { palette } from './PlotlyChart.tsx';
import { radarPoints } from '../trackerModel.ts';

const size = 320;
const centre = size / 2;
const radius = 110;

/**
 * A radar (spider) chart in SVG: one axis per support, the polygon of their
 * usage. plotly's partial bundle has no polar traces, and a few lines of SVG
 * are lighter than a second bundle. The numbers are in the usage table.
 */
export const RadarChart = ({ labels, values, label }: { labels: string[]; values: number[]; label: string }) => {
  if (values.length === 0) return null;
  const points = radarPoints(values, radius, centre);
  const rings = [0.25, 0.5, 0.75, 1].map((f) =>
    radarPoints(
      values.map(() => f),
      radius,
      centre,
    ),
  );
  const polygon = (list: { x: number; y: number }[]) => list.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  return (
    <svg
      viewBox={`-130 -10 ${size + 260} ${size + 20}`}
      role="img"
      aria-label={label}
      data-testid="radar-svg"
      style={{ width: '100%', maxHeight: 360 }}
    >
      {rings.map((ring, i) => (
        <polygon key={i} points={polygon(ring.map((p) => ({ x: p.x, y: p.y })))} fill="none" stroke="#c9d2cd" strokeWidth={1} />
      ))}
      {points.map((p, i) => (
        <line key={`axis-${i}`} x1={centre} y1={centre} x2={p.axisX} y2={p.axisY} stroke="#c9d2cd" strokeWidth={1} />
      ))}
      <polygon points={polygon(points)} fill={`${palette[0]}55`} stroke={palette[0]} strokeWidth={2} data-testid="radar-shape" />
      {points.map((p, i) => {
        const right = p.axisX > centre + 1;
        const left = p.axisX < centre - 1;
        const text = labels[i] ?? '';
        return (
          <text
            key={`label-${i}`}
            x={p.axisX + (right ? 6 : left ? -6 : 0)}
            y={p.axisY + (p.axisY > centre ? 14 : -6)}
            textAnchor={right ? 'start' : left ? 'end' : 'middle'}
            fontSize={11}
            fill="#1d2520"
          >
            {text.length > 24 ? `${text.slice(0, 23)}…` : text} ({values[i]})
          </text>
        );
      })}
    </svg>
  );
};
