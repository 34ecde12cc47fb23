import { Check, LogOut, Pencil, Send } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import type { EditSession } from './useEditSession.ts';
import styles from './Pane.module.css';

/**
 * Contribute and the save states (spec part 1 §4): saving, success (finish and
 * close, or continue editing — hidden while saving), failure kept as 'stored'.
 * The button pressed is disabled while saving, then replaced: focus, fallen to
 * `<body>`, goes to the bar's main button of the new state ("Terminer" after a
 * contribution) rather than staying lost (issue 25 §2). That button is described
 * by the success message: a screen reader that reads the newly focused button
 * reads "Contribution enregistrée." with it, even when the focus change cuts the
 * polite status short.
 */
export const SaveBar = ({ session, onFinish, isNew }: { session: EditSession; onFinish: () => void; isNew: boolean }) => {
  const { t } = useTranslation();
  const { state, dirty } = session;
  const bar = useRef<HTMLDivElement>(null);
  const shown = useRef(state);
  const successId = useId();
  useEffect(() => {
    // Only a change of state moves focus (never the bar's first showing).
    if (shown.current === state) return;
    shown.current = state;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (!lost || state === 'saving') return;
    bar.current?.querySelector<HTMLButtonElement>('[data-testid="finish-close"], [data-testid="contribute"]:not(:disabled)')?.focus();
  }, [state]);
  return (
    <div ref={bar} className={styles.saveBar} data-testid="save-bar" data-save-state={state} data-dirty={dirty ? 'true' : 'false'}>
      {state === 'success' && (
        <div id={successId}>
          <Alert tone="success" testId="save-success">
            {t('contribution.save.success')}
          </Alert>
        </div>
      )}
      {state === 'stored' && !session.error && (
        <Alert tone="info" testId="save-stored-earlier">
          {t('contribution.save.storedEarlier')}
        </Alert>
      )}
      {state === 'stored' && session.error && (
        <Alert tone="error" testId="save-stored">
          {t('contribution.save.failure')}
          {session.error ? ` (${session.error})` : ''}
        </Alert>
      )}
      <div className={styles.saveActions}>
        <span className={styles.dirtyMark} data-testid="dirty-mark">
          {state === 'saving'
            ? t('contribution.save.saving')
            : dirty
              ? t('contribution.save.unsavedChanges')
              : isNew
                ? t('contribution.save.notContributed')
                : t('contribution.save.allSaved')}
        </span>
        {state === 'success' ? (
          <>
            <Button variant="secondary" onClick={session.continueEditing} data-testid="continue-editing">
              <Pencil size={18} aria-hidden="true" />
              {t('contribution.save.continue')}
            </Button>
            <Button onClick={onFinish} aria-describedby={successId} data-testid="finish-close">
              <LogOut size={18} aria-hidden="true" />
              {t('contribution.save.finish')}
            </Button>
          </>
        ) : (
          <Button onClick={() => void session.contribute()} disabled={state === 'saving' || state === 'conflict'} data-testid="contribute">
            {isNew ? <Send size={18} aria-hidden="true" /> : <Check size={18} aria-hidden="true" />}
            {state === 'saving' ? t('contribution.save.saving') : isNew ? t('contribution.save.contribute') : t('contribution.save.save')}
          </Button>
        )}
      </div>
    </div>
  );
};
