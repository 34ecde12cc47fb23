import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { MessageCode } from '../../../../../contracts/messageCodes.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Card, Page } from '../../../components/Page.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessageText } from '../../../lib/messages.ts';
import { useSsoSession } from '../api/auth.ts';
import { LoginFooter } from './LoginFooter.tsx';
import { useFinishLogin } from './useFinishLogin.ts';

/**
 * /login/sso: where an OpenID Connect sign-in comes back (issue 18 §1). The
 * server left the session's token in a cookie of this browser; the page takes
 * it once (POST /auth/oidc/session) and goes on to `?redirect=`. A sign-in
 * that failed arrives with `?error=<message code>`, shown in the interface
 * language with a way back to the login page.
 */
export const SsoLoginPage = () => {
  const { t } = useTranslation();
  const text = useMessageText();
  const [params] = useSearchParams();
  const finishLogin = useFinishLogin();
  const session = useSsoSession();
  const [error, setError] = useState<string | null>(() => {
    // An unknown code reads as the generic error (translateMessage checks it against the catalogs).
    const code = params.get('error');
    return code ? text(code as MessageCode) : null;
  });
  const asked = useRef(false);

  useEffect(() => {
    if (error || asked.current) return;
    // Once: the token can be taken once, and React may run an effect twice.
    asked.current = true;
    session.mutateAsync().then(
      ({ token }) => finishLogin(token, true),
      (failure: unknown) => setError(failure instanceof ApiError ? failure.message : t('common.genericError')),
    );
  }, [error, session, finishLogin, t]);

  return (
    <>
      <Page title={error ? t('auth.ssoFailedTitle') : t('auth.loginTitle')} narrow>
        <Card>
          {error ? (
            <>
              <Alert tone="error" testId="sso-error">
                {error}
              </Alert>
              <p>
                <Link to="/login">{t('auth.backToLogin')}</Link>
              </p>
            </>
          ) : (
            <p role="status">{t('auth.ssoSigningIn')}</p>
          )}
        </Card>
      </Page>
      <LoginFooter />
    </>
  );
};
