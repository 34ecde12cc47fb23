import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './Field.module.css';

/** What every labelled control takes besides its own attributes. */
export type FieldLabelling = {
  /** The visible label (every control has one). */
  label: string;
  /** Help under the control, linked with aria-describedby. */
  hint?: string;
  /** A message for this field (client rule or server answer). */
  error?: string | undefined;
  /** Used for test ids and the control's id prefix. */
  name: string;
};

/** The attributes that tie a control to its label, hint and error. */
export type FieldControlProps = {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FieldFrameProps = FieldLabelling & {
  className?: string | undefined;
  /** Draws the control from the ids the frame made. */
  children: (control: FieldControlProps) => ReactNode;
};

/** The label above a control and its hint and error under it, linked for screen readers. */
export const FieldFrame = ({ label, hint, error, name, className, children }: FieldFrameProps) => {
  const id = `${name}-${useId().replace(/:/g, '')}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className ?? ''].join(' ').trim()}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children({ id, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
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

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & FieldLabelling;

/** A labelled text input with an optional hint and an error linked for screen readers. */
export const TextField = ({ label, hint, error, name, className, ...rest }: TextFieldProps) => (
  <FieldFrame label={label} hint={hint} error={error} name={name} className={className}>
    {(control) => <input {...control} className={styles.input} {...rest} />}
  </FieldFrame>
);

export const fieldStyles = styles;
