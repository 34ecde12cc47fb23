import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { InstitutionalLoginPage, LocalLoginPage, LoginPage, LogoutPage } from '../features/auth/index.ts';
import { GuestHomePage, HomePage } from '../features/home/index.ts';
import { SettingsPage } from '../features/settings/index.ts';
import { loginHref, setUnauthorizedHandler } from '../lib/api.ts';
import { useIsLoggedIn } from '../lib/session.ts';
import { RequireAdmin, RequireAuth } from './guards.tsx';
import { Layout } from './Layout.tsx';
import { paths } from './paths.ts';

// The ALTCHA widget and the admin screens load on demand.
const SignupPage = lazy(() => import('../features/auth/components/SignupPage.tsx').then((m) => ({ default: m.SignupPage })));
const AdminUsersPage = lazy(() =>
  import('../features/admin/components/AdminUsersPage.tsx').then((m) => ({ default: m.AdminUsersPage })),
);
const AdminToolsPage = lazy(() =>
  import('../features/admin/components/AdminToolsPage.tsx').then((m) => ({ default: m.AdminToolsPage })),
);

/** `/`: the community area when logged in, the landing with a link to /login otherwise. */
const HomeRoute = () => {
  const loggedIn = useIsLoggedIn();
  return loggedIn ? <RequireAuth>{(me) => <HomePage me={me} />}</RequireAuth> : <GuestHomePage />;
};

/** The account routes of spec part 1 §2; any unknown path goes to `/`. */
export const createAppRouter = (queryClient: QueryClient) => {
  const router = createBrowserRouter([
    {
      element: <Layout />,
      children: [
        { path: paths.home, element: <HomeRoute /> },
        { path: paths.login, element: <LoginPage /> },
        { path: paths.loginLocal, element: <LocalLoginPage /> },
        { path: paths.loginInstitutional, element: <InstitutionalLoginPage /> },
        { path: paths.signup, element: <SignupPage /> },
        { path: paths.logout, element: <LogoutPage /> },
        { path: paths.settings, element: <RequireAuth>{(me) => <SettingsPage me={me} />}</RequireAuth> },
        { path: paths.admin, element: <RequireAdmin>{() => <AdminUsersPage />}</RequireAdmin> },
        { path: paths.adminTools, element: <RequireAdmin>{() => <AdminToolsPage />}</RequireAdmin> },
        { path: '*', element: <Navigate to={paths.home} replace /> },
      ],
    },
  ]);

  // Any 401: the API client already cleared the token; forget cached answers
  // and go to /login?redirect=<where the user was>.
  setUnauthorizedHandler(() => {
    queryClient.clear();
    const { pathname, search } = router.state.location;
    void router.navigate(loginHref(pathname + search), { replace: true });
  });

  return router;
};
