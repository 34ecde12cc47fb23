import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, Page } from '../../../components/Page.tsx';
import { useInstitutionalLogin, useLocalLogin } from '../api/auth.ts';
import styles from './Auth.module.css';
import { LoginFooter } from './LoginFooter.tsx';
import { LoginForm } from './LoginForm.tsx';
import { useFinishLogin, useWithRedirect } from './useFinishLogin.ts';

/** The frame both single-form login pages share: one card, a link back to the choices. */
const SingleLoginPage = ({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) => {
  const { t } = useTranslation();
  const withRedirect = useWithRedirect();
  return (
    <>
      <Page title={title} subtitle={subtitle} narrow>
        <Card>{children}</Card>
        <p className={styles.alt}>
          <Link to={withRedirect('/login')}>{t('auth.otherWays')}</Link>
        </p>
      </Page>
      <LoginFooter />
    </>
  );
};

/** /login/local: the local account form alone. */
export const LocalLoginPage = () => {
  const { t } = useTranslation();
  const finishLogin = useFinishLogin();
  const login = useLocalLogin();
  return (
    <SingleLoginPage title={t('auth.localTitle')} subtitle={t('auth.localText')}>
      <LoginForm idPrefix="local" submit={(userName, password) => login.mutateAsync({ userName, password })} onLoggedIn={finishLogin} />
    </SingleLoginPage>
  );
};

/** /login/idul: the institutional account form (POST /auth/idul). */
export const InstitutionalLoginPage = () => {
  const { t } = useTranslation();
  const finishLogin = useFinishLogin();
  const login = useInstitutionalLogin();
  return (
    <SingleLoginPage title={t('auth.institutionalTitle')} subtitle={t('auth.institutionalText')}>
      <LoginForm
        idPrefix="idul"
        userNameLabel={t('auth.institutionalUserName')}
        submit={(username, password) => login.mutateAsync({ username, password })}
        onLoggedIn={finishLogin}
      />
    </SingleLoginPage>
  );
};
