import { LogIn, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/Button.tsx';
import { Card, Page, pageStyles } from '../../../components/Page.tsx';
import type { UserProfile } from '../../../lib/session.ts';
import styles from './Home.module.css';

/** A placeholder community area, for when app/ passes none. */
const CommunityArea = () => {
  const { t } = useTranslation();
  return (
    <Card title={t('home.communitiesTitle')}>
      <div className={styles.placeholder} data-testid="community-area">
        <UsersRound size={24} aria-hidden="true" />
        <p>{t('home.communitiesPlaceholder')}</p>
      </div>
    </Card>
  );
};

/** `/` when logged in: a greeting and the community area (app/ passes the community manager). */
export const HomePage = ({ me, communityArea }: { me: UserProfile; communityArea?: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <Page title={t('home.welcome', { name: me.firstName || me.userName })} subtitle={t('home.intro')}>
      {communityArea ?? <CommunityArea />}
    </Page>
  );
};

/** `/` when logged out: what Buildon is and a link to /login. */
export const GuestHomePage = () => {
  const { t } = useTranslation();
  return (
    <div className={pageStyles.page}>
      <section className={styles.hero} aria-labelledby="guest-title">
        <h1 id="guest-title" className={styles.heroTitle}>
          {t('home.guestTitle')}
        </h1>
        <p className={styles.heroText}>{t('home.guestText')}</p>
        <p>
          <Link className={buttonClass('primary')} to="/login" data-testid="guest-login">
            <LogIn size={18} aria-hidden="true" />
            {t('home.guestCta')}
          </Link>
        </p>
      </section>
    </div>
  );
};
