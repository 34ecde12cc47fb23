import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useClearSession } from '../../../lib/session.ts';
import { tokenStore } from '../../../lib/tokenStore.ts';

/**
 * /logout: ends the session on the server (the token is refused from then on
 * and its sockets close, issue 20 §5), forgets it here and goes home. A
 * failed request still logs out this browser.
 */
export const LogoutPage = () => {
  const { t } = useTranslation();
  const clearSession = useClearSession();
  const navigate = useNavigate();
  useEffect(() => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearSession();
      void navigate('/', { replace: true });
    };
    const token = tokenStore.get();
    if (!token) return finish();
    void fetch('/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } }).then(finish, finish);
  }, [clearSession, navigate]);
  return <p role="status">{t('auth.loggingOut')}</p>;
};
