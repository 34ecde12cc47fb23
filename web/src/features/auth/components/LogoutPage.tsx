import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api.ts';
import { useClearSession } from '../../../lib/session.ts';
import { tokenStore } from '../../../lib/tokenStore.ts';
import { takeProviderSession } from '../providerSession.ts';

/**
 * /logout: ends the session on the server (the token is refused from then on
 * and its sockets close, issue 20 §5), forgets it here and goes home. A
 * failed request still logs out this browser. Through the api client, as
 * every write: an Idempotency-Key (issue 22 §5), retried after a dropped
 * connection or a 503; a 401 (the session already over) does not navigate.
 * A session from the OpenID provider goes on to the provider's sign-out page.
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
      if (takeProviderSession()) window.location.assign('/auth/oidc/logout');
      else void navigate('/', { replace: true });
    };
    if (!tokenStore.get()) return finish();
    void api.request('/auth/logout', { method: 'POST', redirectOnUnauthorized: false }).then(finish, finish);
  }, [clearSession, navigate]);
  return <p role="status">{t('auth.loggingOut')}</p>;
};
