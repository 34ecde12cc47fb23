import { useId, type InputHTMLAttributes } from 'react';
import styles from './Checkbox.module.css';

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  /** The visible label, clickable with the box. */
  label: string;
  /** Optional line under the label. */
  hint?: string;
};

/** A labelled checkbox (the label is the click target too). */
export const Checkbox = ({ label, hint, className, ...rest }: CheckboxProps) => {
  const id = `cb-${useId().replace(/:/g, '')}`;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={[styles.checkbox, className ?? ''].join(' ').trim()}>
      <input id={id} type="checkbox" aria-describedby={hintId} {...rest} />
      <label htmlFor={id}>
        <span>{label}</span>
        {hint && (
          <span id={hintId} className={styles.hint}>
            {hint}
          </span>
        )}
      </label>
    </div>
  );
};
