import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { Alert } from '../components/Alert.tsx';
import { Page } from '../components/Page.tsx';
import { Forbidden } from '../features/admin/index.ts';
import { loginHref } from '../lib/api.ts';
import { useIsLoggedIn, useMe, type UserProfile } from '../lib/session.ts';
import { PageLoading } from './Layout.tsx';

/**
 * Renders its page with the signed-in profile. Without a token it goes to
 * /login?redirect=<here>; an expired token does the same through the API
 * client's 401 handling.
 */
export const RequireAuth = ({ children }: { children: (me: UserProfile) => ReactNode }) => {
  const { t } = useTranslation();
  const location = useLocation();
  const loggedIn = useIsLoggedIn();
  const me = useMe();
  if (!loggedIn) return <Navigate to={loginHref(location.pathname + location.search)} replace />;
  if (me.isPending) return <PageLoading />;
  if (me.isError) {
    return (
      <Page title={t('common.appName')}>
        <Alert tone="error">{t('common.genericError')}</Alert>
      </Page>
    );
  }
  return <>{children(me.data)}</>;
};

/** Admin pages: the login rule above, then a 403 page for non-admins. */
export const RequireAdmin = ({ children }: { children: (me: UserProfile) => ReactNode }) => (
  <RequireAuth>{(me) => (me.role === 'admin' ? children(me) : <Forbidden />)}</RequireAuth>
);
