import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatch } from 'react-router';
import { setInterfaceLanguage } from '../i18n/index.ts';
import { useIsLoggedIn, useMe } from '../lib/session.ts';
import styles from './Layout.module.css';
import { Navbar } from './Navbar.tsx';
import { paths } from './paths.ts';

/** Follows the account's language once the profile arrives (kept across sessions). */
const useAccountLanguage = (lang: Parameters<typeof setInterfaceLanguage>[0] | undefined) => {
  useEffect(() => {
    if (lang) void setInterfaceLanguage(lang);
  }, [lang]);
};

/** Loading text while a lazy page's code arrives. */
export const PageLoading = () => {
  const { t } = useTranslation();
  return (
    <p className={styles.status} role="status">
      {t('common.loading')}
    </p>
  );
};

/** Navbar plus the routed page. */
export const Layout = () => {
  const loggedIn = useIsLoggedIn();
  const me = useMe();
  useAccountLanguage(me.data?.lang);
  // `/view/{id}/{menuStatus}`: the reduced-menu canvas (embedded in rise-above notes and view windows) has no navbar.
  const reduced = useMatch(paths.viewWithMenu) !== null;
  return (
    <div className={styles.shell}>
      {!reduced && <Navbar me={loggedIn ? (me.data ?? null) : null} loggedIn={loggedIn} />}
      <main id="main" className={styles.main} tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
};
