import { chord, ribbon, type Chord, type ChordGroup } from 'd3-chord';
import { arc } from 'd3-shape';
import { useMemo } from 'react';
import { palette } from './PlotlyChart.tsx';
import styles from './Graphs.module.css';

/** The original's chord size (fact sheet §7): 750 × 750. */
const size = 750;
const outer = size / 2 - 170;
const inner = outer - 22;

/** A label that fits beside the circle (the whole name is in its tooltip and in the table). */
const short = (label: string) => (label.length > 12 ? `${label.slice(0, 11)}…` : label);

/**
 * A chord diagram (d3-chord) of a square matrix: one arc per person (its
 * size the row's sum), one ribbon per pair. An image for assistive technology:
 * the flows are in the table beside it.
 */
export const ChordDiagram = ({
  matrix,
  labels,
  label,
  testId,
}: {
  matrix: number[][];
  labels: string[];
  label: string;
  testId: string;
}) => {
  const layout = useMemo(() => {
    const chords = chord().padAngle(labels.length > 1 ? 0.04 : 0)(matrix);
    const groupArc = arc<ChordGroup>().innerRadius(inner).outerRadius(outer);
    const ribbonPath = ribbon<Chord, Chord['source']>().radius(inner - 1);
    return {
      groups: chords.groups.map((group) => ({
        index: group.index,
        path: groupArc(group) ?? '',
        angle: (group.startAngle + group.endAngle) / 2,
      })),
      ribbons: [...chords].map((c) => ({
        key: `${c.source.index}-${c.target.index}`,
        colour: palette[c.source.index % palette.length] ?? '#2f6f5e',
        path: (ribbonPath(c) as unknown as string | null) ?? '',
      })),
    };
  }, [matrix, labels.length]);
  return (
    <svg viewBox={`${-size / 2} ${-size / 2} ${size} ${size}`} className={styles.chord} role="img" aria-label={label} data-testid={testId}>
      <g>
        {layout.ribbons.map((r) => (
          <path key={r.key} d={r.path} fill={r.colour} fillOpacity={0.55} stroke={r.colour} strokeOpacity={0.8} data-ribbon="" />
        ))}
      </g>
      <g>
        {layout.groups.map((g) => {
          const degrees = (g.angle * 180) / Math.PI - 90;
          const flip = g.angle > Math.PI;
          return (
            <g key={g.index}>
              <path d={g.path} fill={palette[g.index % palette.length]} data-group="" />
              <text
                transform={`rotate(${degrees}) translate(${outer + 8},0)${flip ? ' rotate(180)' : ''}`}
                textAnchor={flip ? 'end' : 'start'}
                dominantBaseline="middle"
                className={styles.chordLabel}
              >
                {short(labels[g.index] ?? '')}
                <title>{labels[g.index]}</title>
              </text>
            </g>
          );
        })}
      </g>
    </svg>
  );
};
