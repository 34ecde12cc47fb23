import styles from './PromisingIdeas.module.css';

/** A colour's dot: decorative, the colour's name is always written beside it. */
export const Swatch = ({ colour }: { colour: string }) => (
  <span className={`${styles.swatch} ${styles[colour] ?? ''}`} aria-hidden="true" />
);
