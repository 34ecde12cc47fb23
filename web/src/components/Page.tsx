import { useEffect, useId, type ReactNode } from 'react';
import styles from './Page.module.css';

export type PageProps = {
  title: string;
  subtitle?: string;
  /** Forms (login, signup) use a narrow column. */
  narrow?: boolean;
  children: ReactNode;
};

/** A page: one h1, an optional subtitle, then its sections. */
export const Page = ({ title, subtitle, narrow = false, children }: PageProps) => {
  useDocumentTitle(title);
  return (
    <div className={`${styles.page} ${narrow ? styles.narrow : ''}`}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      </header>
      {children}
    </div>
  );
};

/** Names the browser tab after the page. */
export const useDocumentTitle = (title: string): void => {
  useEffect(() => {
    document.title = `${title} · Buildon`;
  }, [title]);
};

export type CardProps = {
  /** The card's h2; it also names the section for screen readers. */
  title?: string;
  children: ReactNode;
  className?: string;
};

/** A section card with an optional h2 that labels it. */
export const Card = ({ title, children, className }: CardProps) => {
  const headingId = `card-${useId().replace(/:/g, '')}`;
  return (
    <section className={`${styles.card} ${className ?? ''}`} aria-labelledby={title ? headingId : undefined}>
      {title && (
        <h2 id={headingId} className={styles.cardTitle}>
          {title}
        </h2>
      )}
      {children}
    </section>
  );
};

export const pageStyles = styles;
