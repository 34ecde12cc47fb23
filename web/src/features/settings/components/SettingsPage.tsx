import { useTranslation } from 'react-i18next';
import { Card, Page } from '../../../components/Page.tsx';
import type { UserProfile } from '../../../lib/session.ts';
import { LanguagePicker } from './LanguagePicker.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { SessionsCard } from './SessionsCard.tsx';
import styles from './Settings.module.css';

/** /settings (login required): account summary, interface language, password change, open sessions. */
export const SettingsPage = ({ me }: { me: UserProfile }) => {
  const { t } = useTranslation();
  return (
    <Page title={t('settings.title')}>
      <div className={styles.grid}>
        <Card title={t('settings.languageTitle')} className={styles.wide}>
          <LanguagePicker userId={me._id} />
        </Card>
        <Card title={t('settings.profileTitle')}>
          <dl className={styles.profile}>
            <dt>{t('settings.name')}</dt>
            <dd>{me.name || `${me.firstName} ${me.lastName}`}</dd>
            <dt>{t('settings.userName')}</dt>
            <dd>{me.userName}</dd>
            <dt>{t('settings.email')}</dt>
            <dd>{me.email}</dd>
          </dl>
        </Card>
        <Card title={t('settings.passwordTitle')}>
          <PasswordForm userId={me._id} />
        </Card>
        <SessionsCard />
      </div>
    </Page>
  );
};
