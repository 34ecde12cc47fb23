import type { ButtonHTMLAttributes } from 'react';
import styles from './Button.module.css';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** primary for the one main action of a form, secondary otherwise. */
  variant?: 'primary' | 'secondary' | 'ghost';
  /** Full width (forms on narrow screens). */
  block?: boolean;
};

/** A button in the design system's three variants. */
export const Button = ({ variant = 'primary', block = false, className, type = 'button', ...rest }: ButtonProps) => (
  <button type={type} className={[styles.button, styles[variant], block ? styles.block : '', className ?? ''].join(' ').trim()} {...rest} />
);

/** The same look for links (react-router Link or anchors) via className. */
export const buttonClass = (variant: 'primary' | 'secondary' | 'ghost' = 'primary', block = false): string =>
  [styles.button, styles[variant], block ? styles.block : ''].join(' ').trim();
