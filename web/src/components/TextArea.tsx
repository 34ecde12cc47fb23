import { useId, type TextareaHTMLAttributes } from 'react';
import { fieldStyles as styles } from './Field.tsx';
import own from './TextArea.module.css';

export type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: string;
  hint?: string;
  error?: string | undefined;
  name: string;
};

/** A labelled multi-line input, the TextField's sibling (same hint and error wiring). */
export const TextArea = ({ label, hint, error, name, className, ...rest }: TextAreaProps) => {
  const id = `${name}-${useId().replace(/:/g, '')}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className ?? ''].join(' ').trim()}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        className={`${styles.input} ${own.textarea}`}
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
