import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatch } from 'react-router';
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

/** Whether focus is nowhere a user put it: on <body>, or on an element the new page removed. */
const focusLost = (): boolean => {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
};

/**
 * After a navigation inside the app, focus goes to the new page's heading (its
 * `h1`, else `main`), where a page load would start a screen reader: without
 * it, focus stayed on <body> and nothing said the page had changed (issue 25).
 * The first page is left to the browser, and focus that something already
 * took (a window, a field) is left alone.
 */
const useFocusOnNavigation = () => {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return undefined;
    }
    const main = document.getElementById('main');
    if (!main) return undefined;
    /** True when done: focus placed, or taken by something else. */
    const place = (): boolean => {
      if (!focusLost()) return true;
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    if (place()) return undefined;
    // A lazy page's heading arrives with its code or its data.
    const observer = new MutationObserver(() => {
      if (place()) stop();
    });
    const timer = setTimeout(() => {
      stop();
      if (focusLost()) main.focus({ preventScroll: true });
    }, 3000);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
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
  useFocusOnNavigation();
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
