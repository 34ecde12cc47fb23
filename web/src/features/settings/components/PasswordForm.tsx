import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UserRules } from '../../../../../contracts/messages.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { TextField } from '../../../components/Field.tsx';
import { pageStyles } from '../../../components/Page.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessageText } from '../../../lib/messages.ts';
import { useSetSession } from '../../../lib/session.ts';
import { useChangePassword } from '../api/settings.ts';

type Outcome = { tone: 'success' | 'error'; text: string };

/** Old and new password; 'Password successfully changed.' or 'Incorrect password'. */
export const PasswordForm = ({ userId }: { userId: string }) => {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const setSession = useSetSession();
  const changePassword = useChangePassword(userId);
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [newPasswordError, setNewPasswordError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    const error = !newPassword
      ? messageText('messages.passwordRequired')
      : newPassword.length < UserRules.newPasswordMin
        ? messageText('messages.newPasswordTooShort')
        : undefined;
    setNewPasswordError(error);
    if (error) return;
    try {
      const reply = await changePassword.mutateAsync({ oldPassword, newPassword });
      setSession(reply.token);
      setOldPassword('');
      setNewPassword('');
      setOutcome({ tone: 'success', text: messageText(reply) });
    } catch (failure) {
      if (failure instanceof ApiError && failure.fieldMessage('newPassword')) {
        setNewPasswordError(failure.fieldMessage('newPassword'));
      } else {
        setOutcome({ tone: 'error', text: failure instanceof ApiError ? failure.message : t('common.genericError') });
      }
    }
  };

  return (
    <form className={pageStyles.form} onSubmit={(event) => void handleSubmit(event)} noValidate>
      {outcome && (
        <Alert tone={outcome.tone} testId="password-message">
          {outcome.text}
        </Alert>
      )}
      <TextField
        name="oldPassword"
        type="password"
        label={t('settings.oldPassword')}
        autoComplete="current-password"
        value={oldPassword}
        onChange={(event) => setOldPassword(event.target.value)}
      />
      <TextField
        name="newPassword"
        type="password"
        label={t('settings.newPassword')}
        hint={t('settings.newPasswordHint')}
        autoComplete="new-password"
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
        error={newPasswordError}
        required
      />
      <Button type="submit" disabled={changePassword.isPending}>
        {changePassword.isPending ? t('settings.saving') : t('settings.changePassword')}
      </Button>
    </form>
  );
};
