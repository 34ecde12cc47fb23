import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { TextField } from '../../../components/Field.tsx';
import { pageStyles } from '../../../components/Page.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessageText } from '../../../lib/messages.ts';
import { useClearSession } from '../../../lib/session.ts';

export type LoginFormProps = {
  /** Sends the credentials; resolves with the token. */
  submit: (userName: string, password: string) => Promise<{ token: string }>;
  /** Called with the token after a successful login. */
  onLoggedIn: (token: string) => void;
  /** Label of the user-name field (IDUL for the institutional form). */
  userNameLabel?: string;
  /** Prefix of the inputs' names and ids. */
  idPrefix: string;
};

/**
 * A user-name and password form. Both are required before submit; a failure
 * shows the server's message in the general message area and clears the session.
 */
export const LoginForm = ({ submit, onLoggedIn, userNameLabel, idPrefix }: LoginFormProps) => {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const clearSession = useClearSession();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ userName?: string; password?: string }>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors: { userName?: string; password?: string } = {};
    if (!userName.trim()) errors.userName = messageText('messages.userNameRequired');
    if (!password) errors.password = messageText('messages.passwordRequired');
    setFieldErrors(errors);
    setMessage(null);
    if (errors.userName || errors.password) return;
    setPending(true);
    try {
      const { token } = await submit(userName.trim(), password);
      onLoggedIn(token);
    } catch (error) {
      clearSession();
      setMessage(error instanceof ApiError ? error.message : t('common.genericError'));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className={pageStyles.form} onSubmit={(event) => void handleSubmit(event)} noValidate>
      {message && (
        <Alert tone="error" testId="login-message">
          {message}
        </Alert>
      )}
      <TextField
        name={`${idPrefix}-userName`}
        label={userNameLabel ?? t('auth.userName')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={userName}
        onChange={(event) => setUserName(event.target.value)}
        error={fieldErrors.userName}
        required
      />
      <TextField
        name={`${idPrefix}-password`}
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrors.password}
        required
      />
      <Button type="submit" block disabled={pending}>
        {pending ? t('auth.submitting') : t('auth.submitLogin')}
      </Button>
    </form>
  );
};
