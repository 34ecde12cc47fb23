import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoricalObject } from '../api/objects.ts';
import type { DiffPart, VersionChanges } from './versionDiff.ts';
import styles from './History.module.css';

/** A person's display name by user id (null: nobody). */
export type NameOf = (id: string | null) => string;

/** An inserted or deleted run: colour, underline or strike-through, and a word for screen readers (never colour alone). */
export const Marked = ({ kind, children }: { kind: 'ins' | 'del'; children: ReactNode }) => {
  const { t } = useTranslation();
  const Tag = kind;
  return (
    <Tag className={kind === 'ins' ? styles.ins : styles.del}>
      <span
        className={styles.srOnly}
      >{`${t(kind === 'ins' ? 'contribution.history.insertedMark' : 'contribution.history.deletedMark')} `}</span>
      {children}
    </Tag>
  );
};

const DiffText = ({ parts }: { parts: DiffPart[] }) => (
  <p className={styles.diffText} data-testid="diff-text">
    {parts.map((part, index) =>
      part.kind === 'same' ? (
        <span key={index}>{part.text}</span>
      ) : (
        <Marked key={index} kind={part.kind}>
          {part.text}
        </Marked>
      ),
    )}
  </p>
);

/** What changed since the previous version the reader may read (issue 21 §7). */
export const HistoryDiff = ({
  previous,
  previousState,
  changes,
  nameOf,
}: {
  previous: HistoricalObject | null;
  previousState: 'pending' | 'error' | 'success' | 'none';
  changes: VersionChanges | null;
  nameOf: NameOf;
}) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language.replace('_', '-');
  if (previousState === 'none') {
    return (
      <section className={styles.diff} data-testid="historical-diff">
        <p className={styles.muted}>{t('contribution.history.noPrevious')}</p>
      </section>
    );
  }
  if (previousState === 'pending') return <p className={styles.muted}>{t('contribution.loading')}</p>;
  if (!previous || !changes) return <p className={styles.muted}>{t('contribution.history.previousUnavailable')}</p>;

  const status = (value: string) =>
    ['unsaved', 'active', 'inactive'].includes(value) ? t(`contribution.statuses.${value as 'unsaved' | 'active' | 'inactive'}`) : value;
  const permission = (value: string) =>
    ['private', 'protected', 'public'].includes(value)
      ? t(`contribution.properties.${value as 'private' | 'protected' | 'public'}`)
      : value;
  const names = (ids: string[]) => ids.map(nameOf).join(', ');
  const items: { key: string; node: ReactNode }[] = [];
  if (changes.title) {
    items.push({
      key: 'title',
      node: (
        <>
          {`${t('contribution.history.diffTitle')} `}
          {changes.title.before && <Marked kind="del">{changes.title.before}</Marked>}
          {changes.title.before && ' → '}
          <Marked kind="ins">{changes.title.after || t('contribution.untitled')}</Marked>
        </>
      ),
    });
  }
  if (changes.authors?.added.length) {
    items.push({ key: 'authors-added', node: t('contribution.history.diffAuthorsAdded', { list: names(changes.authors.added) }) });
  }
  if (changes.authors?.removed.length) {
    items.push({ key: 'authors-removed', node: t('contribution.history.diffAuthorsRemoved', { list: names(changes.authors.removed) }) });
  }
  if (changes.permission) {
    items.push({
      key: 'permission',
      node: t('contribution.history.diffPermission', {
        before: permission(changes.permission.before),
        after: permission(changes.permission.after),
      }),
    });
  }
  if (changes.group) {
    items.push({
      key: 'group',
      node: t('contribution.history.diffGroup', { before: nameOf(changes.group.before), after: nameOf(changes.group.after) }),
    });
  }
  if (changes.status) {
    items.push({
      key: 'status',
      node: t('contribution.history.diffStatus', { before: status(changes.status.before), after: status(changes.status.after) }),
    });
  }
  if (changes.keywords?.added.length) {
    items.push({ key: 'keywords-added', node: t('contribution.history.diffKeywordsAdded', { list: changes.keywords.added.join('; ') }) });
  }
  if (changes.keywords?.removed.length) {
    items.push({
      key: 'keywords-removed',
      node: t('contribution.history.diffKeywordsRemoved', { list: changes.keywords.removed.join('; ') }),
    });
  }
  if (changes.drawing) items.push({ key: 'drawing', node: t('contribution.history.diffDrawing') });

  return (
    <section
      className={styles.diff}
      data-testid="historical-diff"
      aria-label={t('contribution.history.diffHeading', { date: new Date(previous.at).toLocaleString(locale) })}
    >
      <h5 className={styles.diffHeading}>
        {t('contribution.history.diffHeading', { date: new Date(previous.at).toLocaleString(locale) })}
      </h5>
      {items.length === 0 && !changes.text && <p className={styles.muted}>{t('contribution.history.noChange')}</p>}
      {items.length > 0 && (
        <ul className={styles.diffList}>
          {items.map((item) => (
            <li key={item.key} data-testid={`diff-${item.key}`}>
              {item.node}
            </li>
          ))}
        </ul>
      )}
      {changes.text && (
        <>
          <p className={styles.legend} aria-hidden="true">
            <span>{t('contribution.history.legend')}</span>
            <ins className={styles.ins}>{t('contribution.history.inserted')}</ins>
            <del className={styles.del}>{t('contribution.history.deleted')}</del>
          </p>
          <DiffText parts={changes.text} />
        </>
      )}
    </section>
  );
};
