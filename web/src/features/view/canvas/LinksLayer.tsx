import { memo } from 'react';
import type { Arrow } from './model.ts';
import styles from './Canvas.module.css';

/**
 * Build-on (solid, with an arrowhead) and reference (dashed) arrows in one SVG
 * layer under the refs. Each line names its two refs (data-from/data-to) so a
 * drag can move its ends without a React render.
 */
export const LinksLayer = memo(function LinksLayer({ arrows, width, height }: { arrows: Arrow[]; width: number; height: number }) {
  return (
    <svg className={styles.links} width={width} height={height} aria-hidden="true" data-testid="canvas-links">
      <defs>
        <marker id="arrow-buildson" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" className={styles.arrowHeadBuildson} />
        </marker>
        <marker id="arrow-references" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" className={styles.arrowHeadReferences} />
        </marker>
      </defs>
      {arrows.map((arrow) => (
        <line
          key={arrow.key}
          x1={arrow.from.x}
          y1={arrow.from.y}
          x2={arrow.to.x}
          y2={arrow.to.y}
          data-from={arrow.fromRef}
          data-to={arrow.toRef}
          data-link-type={arrow.type}
          className={arrow.type === 'buildson' ? styles.buildson : styles.references}
          markerEnd={`url(#arrow-${arrow.type === 'buildson' ? 'buildson' : 'references'})`}
        />
      ))}
    </svg>
  );
});
