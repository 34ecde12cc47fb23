import { useId, type InputHTMLAttributes } from 'react';
import styles from './Field.module.css';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  /** The visible label (every input has one). */
  label: string;
  /** Help under the input, linked with aria-describedby. */
  hint?: string;
  /** A message for this field (client rule or server answer). */
  error?: string | undefined;
  /** Used for test ids and the input's id prefix. */
  name: string;
};

/** A labelled text input with an optional hint and an error linked for screen readers. */
export const TextField = ({ label, hint, error, name, className, ...rest }: TextFieldProps) => {
  const id = `${name}-${useId().replace(/:/g, '')}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className ?? ''].join(' ').trim()}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className={styles.error} data-field-error={name}>
          {error}
        </span>
      )}
    </div>
  );
};

export const fieldStyles = styles;
