import { Building2, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/Alert.tsx';
import { buttonClass } from '../../../components/Button.tsx';
import { Card, Page } from '../../../components/Page.tsx';
import { useLoginNotice } from '../../../lib/loginNotice.ts';
import { useAuthProviders, useLocalLogin } from '../api/auth.ts';
import styles from './Auth.module.css';
import { LoginFooter } from './LoginFooter.tsx';
import { LoginForm } from './LoginForm.tsx';
import { useFinishLogin, useWithRedirect } from './useFinishLogin.ts';

const providerLabel = (provider: string): string => provider.charAt(0).toUpperCase() + provider.slice(1);

/**
 * /login: the choice page. Local login inline, institutional login and
 * registration as cards, social buttons only for configured providers.
 */
export const LoginPage = () => {
  const { t } = useTranslation();
  const finishLogin = useFinishLogin();
  const withRedirect = useWithRedirect();
  const providers = useAuthProviders();
  const login = useLocalLogin();
  // Why the app sent the user here (a 401: the session ended), in the interface language.
  const notice = useLoginNotice();

  return (
    <>
      <Page title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')}>
        <div className={styles.choices}>
          <Card title={t('auth.localTitle')}>
            {notice && (
              <Alert tone="info" testId="login-notice">
                {notice}
              </Alert>
            )}
            <p className={styles.cardText}>{t('auth.localText')}</p>
            <LoginForm
              idPrefix="login"
              submit={(userName, password) => login.mutateAsync({ userName, password })}
              onLoggedIn={finishLogin}
            />
            {providers.data && providers.data.providers.length > 0 && (
              <div className={styles.robot}>
                <p className={styles.robotTitle}>{t('auth.socialTitle')}</p>
                <div className={styles.social}>
                  {providers.data.providers.map((provider) => (
                    // A full page load: the server sends the browser on to the provider (issue 18 §1).
                    <a
                      key={provider}
                      className={buttonClass('secondary')}
                      href={withRedirect(`/auth/${encodeURIComponent(provider)}`)}
                      data-testid={`sign-in-${provider}`}
                    >
                      {t('auth.socialContinue', { provider: providers.data.labels[provider] ?? providerLabel(provider) })}
                    </a>
                  ))}
                </div>
              </div>
            )}
          </Card>
          <div className={styles.side}>
            {providers.data?.institutional && (
              <Card title={t('auth.institutionalTitle')}>
                <p className={styles.cardText}>{t('auth.institutionalText')}</p>
                <Link className={buttonClass('secondary', true)} to={withRedirect('/login/idul')}>
                  <Building2 size={18} aria-hidden="true" />
                  {providers.data.labels.ldap ?? t('auth.institutionalCta')}
                </Link>
              </Card>
            )}
            <Card title={t('auth.signupTitle')}>
              <p className={styles.cardText}>{t('auth.signupText')}</p>
              <Link className={buttonClass('secondary', true)} to="/signup">
                <UserPlus size={18} aria-hidden="true" />
                {t('auth.signupCta')}
              </Link>
            </Card>
          </div>
        </div>
      </Page>
      <LoginFooter />
    </>
  );
};
