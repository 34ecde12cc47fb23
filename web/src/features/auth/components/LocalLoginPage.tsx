import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, Page } from '../../../components/Page.tsx';
import { useInstitutionalLogin, useLocalLogin } from '../api/auth.ts';
import styles from './Auth.module.css';
import { LoginFooter } from './LoginFooter.tsx';
import { LoginForm } from './LoginForm.tsx';
import { useFinishLogin, useWithRedirect } from './useFinishLogin.ts';

/** /login/local: the local account form alone. */
export const LocalLoginPage = () => {
  const { t } = useTranslation();
  const finishLogin = useFinishLogin();
  const withRedirect = useWithRedirect();
  const login = useLocalLogin();
  return (
    <>
      <Page title={t('auth.localTitle')} subtitle={t('auth.localText')} narrow>
        <Card>
          <LoginForm
            idPrefix="local"
            submit={(userName, password) => login.mutateAsync({ userName, password })}
            onLoggedIn={finishLogin}
          />
        </Card>
        <p className={styles.alt}>
          <Link to={withRedirect('/login')}>{t('auth.otherWays')}</Link>
        </p>
      </Page>
      <LoginFooter />
    </>
  );
};

/** /login/idul: the institutional account form (POST /auth/idul). */
export const InstitutionalLoginPage = () => {
  const { t } = useTranslation();
  const finishLogin = useFinishLogin();
  const withRedirect = useWithRedirect();
  const login = useInstitutionalLogin();
  return (
    <>
      <Page title={t('auth.institutionalTitle')} subtitle={t('auth.institutionalText')} narrow>
        <Card>
          <LoginForm
            idPrefix="idul"
            userNameLabel={t('auth.institutionalUserName')}
            submit={(username, password) => login.mutateAsync({ username, password })}
            onLoggedIn={finishLogin}
          />
        </Card>
        <p className={styles.alt}>
          <Link to={withRedirect('/login')}>{t('auth.otherWays')}</Link>
        </p>
      </Page>
      <LoginFooter />
    </>
  );
};
