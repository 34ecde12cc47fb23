import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './Alert.module.css';

export type AlertProps = {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
  /** Test hook for the general message area of a form. */
  testId?: string;
};

const icons = { error: CircleAlert, success: CircleCheck, info: Info } as const;

/**
 * A message area. Errors are announced at once (role=alert), other tones
 * politely (role=status). Colour never carries the meaning alone: an icon too.
 */
export const Alert = ({ tone, children, testId }: AlertProps) => {
  const Icon = icons[tone];
  return (
    <div className={`${styles.alert} ${styles[tone]}`} role={tone === 'error' ? 'alert' : 'status'} data-testid={testId}>
      <Icon size={18} aria-hidden="true" />
      <div>{children}</div>
    </div>
  );
};
