import { useTranslation } from 'react-i18next';
import { useVersion } from '../../../lib/meta.ts';
import styles from './Auth.module.css';

/** The login page footer: version and credits (spec §2). */
export const LoginFooter = () => {
  const { t } = useTranslation();
  const version = useVersion();
  return (
    <footer className={styles.footer}>
      {version.data && (
        <p data-testid="login-version">{t('auth.footerVersion', { version: version.data.version, kfVersion: version.data.kfVersion })}</p>
      )}
      <p>{t('auth.footerCredits')}</p>
    </footer>
  );
};
