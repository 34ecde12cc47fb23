import type { SelectHTMLAttributes } from 'react';
import { FieldFrame, fieldStyles, type FieldLabelling } from './Field.tsx';

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & FieldLabelling;

/** A labelled drop-down list, the TextField's sibling (same hint and error wiring). */
export const SelectField = ({ label, hint, error, name, className, children, ...rest }: SelectFieldProps) => (
  <FieldFrame label={label} hint={hint} error={error} name={name} className={className}>
    {(control) => (
      <select {...control} className={fieldStyles.select} {...rest}>
        {children}
      </select>
    )}
  </FieldFrame>
);
