import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useEndUserSessions } from '../api/audit.ts';
import styles from './Admin.module.css';

/**
 * Issue 17 §4: an admin ends every session of one user (a lost laptop, a
 * shared password). Their tokens are refused at once and their sockets close.
 */
export const EndUserSessions = ({ userId, userName }: { userId: string; userName: string }) => {
  const { t } = useTranslation();
  const end = useEndUserSessions();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const handleClick = async () => {
    if (!window.confirm(t('security.admin.confirm', { name: userName }))) return;
    setOutcome(null);
    try {
      await end.mutateAsync(userId);
      setOutcome({ ok: true, text: t('security.admin.sessionsEnded') });
    } catch (failure) {
      setOutcome({ ok: false, text: failure instanceof ApiError ? failure.message : t('common.genericError') });
    }
  };

  return (
    <div className={styles.reset}>
      <Button
        variant="secondary"
        onClick={() => void handleClick()}
        disabled={end.isPending}
        aria-label={t('security.admin.endSessionsLabel', { name: userName })}
        data-testid={`end-sessions-${userName}`}
      >
        <LogOut size={18} aria-hidden="true" />
        {t('security.admin.endSessions')}
      </Button>
      {outcome && (
        <span role="status" className={`${styles.resetResult} ${outcome.ok ? styles.ok : styles.failed}`}>
          {outcome.text}
        </span>
      )}
    </div>
  );
};
