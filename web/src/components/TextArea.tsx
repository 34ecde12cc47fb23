import type { TextareaHTMLAttributes } from 'react';
import { FieldFrame, fieldStyles, type FieldLabelling } from './Field.tsx';
import own from './TextArea.module.css';

export type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & FieldLabelling;

/** A labelled multi-line input, the TextField's sibling (same hint and error wiring). */
export const TextArea = ({ label, hint, error, name, className, ...rest }: TextAreaProps) => (
  <FieldFrame label={label} hint={hint} error={error} name={name} className={className}>
    {(control) => <textarea {...control} className={`${fieldStyles.input} ${own.textarea}`} {...rest} />}
  </FieldFrame>
);
