import type { RefLook } from './model.ts';
import styles from './Canvas.module.css';
import glyphs from './RefGlyphs.module.css';

/** The glyph class of a look: the shape tells the type (and, for notes, the read state), its colour the tone. */
const glyphOf = (look: RefLook): string | undefined =>
  look.kind === 'note' || look.kind === 'riseabove' ? glyphs[`${look.kind}_${look.read}`] : glyphs[look.kind];

/**
 * The ref's icon: its shape tells the type (and, for notes, the read state),
 * the colour repeats the read state, a small badge marks promising ideas.
 * The text equivalent is in the ref's label. The glyphs are background images
 * (RefGlyphs.module.css), not inline SVG: a canvas of thousands of refs stays
 * cheap to composite.
 */
export const RefIcon = ({ look }: { look: RefLook }) => {
  const tone = look.kind === 'note' || look.kind === 'riseabove' ? styles[`read_${look.read}`] : styles.kindPlain;
  return (
    <span className={`${styles.icon} ${tone ?? ''} ${look.byMe ? styles.mine : ''}`} aria-hidden="true">
      <span className={`${glyphs.glyph} ${glyphOf(look) ?? ''}`} />
      {look.promising && (
        <span className={styles.promisingBadge}>
          <span className={`${glyphs.glyph} ${glyphs.tiny} ${glyphs.promising}`} />
        </span>
      )}
    </span>
  );
};

export type BadgeGlyph = 'star' | 'lock' | 'pin';

/** A small badge icon beside the title (favourite, fixed, pinned); the label carries its meaning. */
export const BadgeIcon = ({ glyph }: { glyph: BadgeGlyph }) => (
  <span className={`${glyphs.glyph} ${glyphs.small} ${glyphs[glyph] ?? ''} ${styles.badgeIcon}`} aria-hidden="true" />
);
