import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessageText } from '../../../lib/messages.ts';
import { useResetPassword } from '../api/admin.ts';
import styles from './Admin.module.css';

/** One row's password reset: 'succeeded.' or the server's failure message, in the interface language. */
export const ResetPassword = ({ userId, userName }: { userId: string; userName: string }) => {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const inputId = `reset-${useId().replace(/:/g, '')}`;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    try {
      const reply = await reset.mutateAsync({ userId, password });
      setPassword('');
      setOutcome({ ok: true, text: messageText(reply) });
    } catch (failure) {
      const text = failure instanceof ApiError ? (failure.fieldMessage('password') ?? failure.message) : t('common.genericError');
      setOutcome({ ok: false, text });
    }
  };

  return (
    <form className={styles.reset} onSubmit={(event) => void handleSubmit(event)} data-testid={`reset-${userName}`}>
      <label htmlFor={inputId} className="visually-hidden">
        {t('admin.newPasswordFor', { userName })}
      </label>
      <input
        id={inputId}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" variant="secondary" disabled={!password || reset.isPending}>
        {t('admin.reset')}
      </Button>
      {outcome && (
        <span role={outcome.ok ? 'status' : 'alert'} className={`${styles.resetResult} ${outcome.ok ? styles.ok : styles.failed}`}>
          {outcome.text}
        </span>
      )}
    </form>
  );
};
