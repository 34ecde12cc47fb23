import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import type { EditSession } from '../window/useEditSession.ts';
import { svgDataUrl } from '../drawing/svg.ts';
import { DocView } from './DocView.tsx';
import styles from './Editor.module.css';

/**
 * A 409 on contribute: both versions side by side. Keeping mine re-saves it on
 * the new revision; taking theirs keeps mine recoverable (nothing is lost).
 */
export const ConflictView = ({ session }: { session: EditSession }) => {
  const { t, i18n } = useTranslation();
  const theirs = session.conflict;
  const box = useRef<HTMLDivElement | null>(null);
  // The choice appears below the editor: bring it into sight.
  useEffect(() => {
    if (theirs) box.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [theirs]);
  if (!theirs) return null;
  const when = new Date(theirs.modified).toLocaleString(i18n.language.replace('_', '-'));
  const side = (heading: string, title: string, keywords: string, content: unknown, testId: string) => (
    <section className={styles.conflictSide} data-testid={testId} aria-label={heading}>
      <h4 className={styles.panelTitle}>{heading}</h4>
      <p className={styles.conflictTitle}>{title}</p>
      {keywords && <p className={styles.muted}>{t('contribution.keywords.line', { list: keywords })}</p>}
      {session.kind === 'note' ? (
        <DocView body={content} />
      ) : (
        <img className={styles.drawingPreview} src={svgDataUrl(typeof content === 'string' ? content : '')} alt={title} />
      )}
    </section>
  );
  return (
    <div ref={box} className={styles.conflict} role="alert" data-testid="conflict">
      <p className={styles.conflictLead}>{t('contribution.conflict.lead', { name: theirs.modifiedBy?.name ?? '?', when })}</p>
      <div className={styles.conflictSides}>
        {side(t('contribution.conflict.mine'), session.title, session.keywords, session.content(), 'conflict-mine')}
        {side(
          t('contribution.conflict.theirs'),
          theirs.title,
          theirs.keywords.join('; '),
          session.kind === 'note' ? theirs.body : theirs.svg,
          'conflict-theirs',
        )}
      </div>
      <div className={styles.conflictActions}>
        <Button onClick={() => void session.keepMine()} data-testid="conflict-keep-mine">
          {t('contribution.conflict.keepMine')}
        </Button>
        <Button variant="secondary" onClick={session.takeTheirs} data-testid="conflict-take-theirs">
          {t('contribution.conflict.takeTheirs')}
        </Button>
      </div>
    </div>
  );
};
