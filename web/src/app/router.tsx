import type { QueryClient } from '@tanstack/react-query';
import { GuidePage } from '../features/guides/index.ts';
import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { InstitutionalLoginPage, LocalLoginPage, LoginPage, LogoutPage, SsoLoginPage } from '../features/auth/index.ts';
import { CommunityManager, CommunityTopPage } from '../features/communities/index.ts';
import { GuestHomePage, HomePage } from '../features/home/index.ts';
import { SettingsPage } from '../features/settings/index.ts';
import { loginHref, setUnauthorizedHandler } from '../lib/api.ts';
import { setLoginNotice } from '../lib/loginNotice.ts';
import { useIsLoggedIn } from '../lib/session.ts';
import { RequireAdmin, RequireAuth } from './guards.tsx';
import { Layout } from './Layout.tsx';
import { paths } from './paths.ts';
import { viewSlots } from './viewSlots.tsx';
import { prefetchViewCanvas } from '../features/view/prefetch.ts';

// The ALTCHA widget and the admin screens load on demand.
const SignupPage = lazy(() => import('../features/auth/components/SignupPage.tsx').then((m) => ({ default: m.SignupPage })));
const AdminUsersPage = lazy(() => import('../features/admin/components/AdminUsersPage.tsx').then((m) => ({ default: m.AdminUsersPage })));
const AdminToolsPage = lazy(() => import('../features/admin/components/AdminToolsPage.tsx').then((m) => ({ default: m.AdminToolsPage })));
// Community screens (issue 4): the manager on `/` is eager, the rest load on demand.
const CommunityEditorPage = lazy(() =>
  import('../features/communities/components/CommunityEditorPage.tsx').then((m) => ({ default: m.CommunityEditorPage })),
);
const CommunitySettingsPage = lazy(() =>
  import('../features/communities/components/CommunitySettingsPage.tsx').then((m) => ({ default: m.CommunitySettingsPage })),
);
const AuthorManagerPage = lazy(() =>
  import('../features/authors/components/AuthorManagerPage.tsx').then((m) => ({ default: m.AuthorManagerPage })),
);
const GroupManagerPage = lazy(() =>
  import('../features/groups/components/GroupManagerPage.tsx').then((m) => ({ default: m.GroupManagerPage })),
);
const AiLogsPage = lazy(() => import('../features/contribution/ai/AiLogsPage.tsx').then((m) => ({ default: m.AiLogsPage })));
const HelpPage = lazy(() => import('../features/help/components/HelpPage.tsx').then((m) => ({ default: m.HelpPage })));
const loadViewPage = () => import('../features/view/components/ViewPage.tsx');
const ViewPage = lazy(() => loadViewPage().then((m) => ({ default: m.ViewPage })));
const HistoricalObjectPage = lazy(() =>
  import('../features/contribution/page/HistoricalObjectPage.tsx').then((m) => ({ default: m.HistoricalObjectPage })),
);
const ContributionPage = lazy(() =>
  import('../features/contribution/page/ContributionPage.tsx').then((m) => ({ default: m.ContributionPage })),
);
const ViewManagerPage = lazy(() =>
  import('../features/viewmanager/components/ViewManagerPage.tsx').then((m) => ({ default: m.ViewManagerPage })),
);
const SearchPage = lazy(() => import('../features/search/components/SearchPage.tsx').then((m) => ({ default: m.SearchPage })));
// The statistics page carries plotly (issue 12 §6): it loads with its route only.
const ScaffoldManagerPage = lazy(() =>
  import('../features/scaffolds/ScaffoldManagerPage.tsx').then((m) => ({ default: m.ScaffoldManagerPage })),
);
const ScaffoldTrackerPage = lazy(() =>
  import('../features/analytics/components/ScaffoldTrackerPage.tsx').then((m) => ({ default: m.ScaffoldTrackerPage })),
);
const StatsPage = lazy(() => import('../features/analytics/components/StatsPage.tsx').then((m) => ({ default: m.StatsPage })));
const S2vizPage = lazy(() => import('../features/analytics/components/S2vizPage.tsx').then((m) => ({ default: m.S2vizPage })));
const DashboardPage = lazy(() => import('../features/analytics/components/DashboardPage.tsx').then((m) => ({ default: m.DashboardPage })));
const NoteDashboardPage = lazy(() =>
  import('../features/analytics/components/NoteDashboardPage.tsx').then((m) => ({ default: m.NoteDashboardPage })),
);
const AuthorNetworkRoute = lazy(() =>
  import('../features/analytics/components/AuthorNetworkRoute.tsx').then((m) => ({ default: m.AuthorNetworkRoute })),
);
const StudentDictionaryPage = lazy(() =>
  import('../features/lexical/StudentDictionaryPage.tsx').then((m) => ({ default: m.StudentDictionaryPage })),
);
const PromisingIdeasPage = lazy(() =>
  import('../features/promisingIdeas/PromisingIdeasPage.tsx').then((m) => ({ default: m.PromisingIdeasPage })),
);
const WordCloudPage = lazy(() => import('../features/lexical/WordCloudPage.tsx').then((m) => ({ default: m.WordCloudPage })));
const LexicalAnalysisPage = lazy(() =>
  import('../features/lexical/LexicalAnalysisPage.tsx').then((m) => ({ default: m.LexicalAnalysisPage })),
);
const TimeMachinePage = lazy(() =>
  import('../features/view/timemachine/TimeMachinePage.tsx').then((m) => ({ default: m.TimeMachinePage })),
);

/** `/`: the community area when logged in, the landing with a link to /login otherwise. */
const HomeRoute = () => {
  const loggedIn = useIsLoggedIn();
  return loggedIn ? (
    <RequireAuth>{(me) => <HomePage me={me} communityArea={<CommunityManager me={me} />} />}</RequireAuth>
  ) : (
    <GuestHomePage />
  );
};

/** The account routes of spec part 1 §2; any unknown path goes to `/`. */
export const createAppRouter = (queryClient: QueryClient) => {
  /**
   * A view's route starts its code and its canvas request at once, beside the profile request (issue 16 §2: they
   * used to leave one after the other). Returns at once: the route renders as before, nothing waits on it.
   */
  const viewLoader = ({ params }: { params: { viewId?: string } }) => {
    void loadViewPage();
    prefetchViewCanvas(queryClient, params.viewId);
    return null;
  };
  const router = createBrowserRouter([
    {
      element: <Layout />,
      children: [
        { path: paths.home, element: <HomeRoute /> },
        { path: paths.login, element: <LoginPage /> },
        { path: paths.loginLocal, element: <LocalLoginPage /> },
        { path: paths.loginInstitutional, element: <InstitutionalLoginPage /> },
        { path: paths.loginSso, element: <SsoLoginPage /> },
        { path: paths.signup, element: <SignupPage /> },
        { path: paths.logout, element: <LogoutPage /> },
        { path: paths.settings, element: <RequireAuth>{(me) => <SettingsPage me={me} />}</RequireAuth> },
        { path: paths.admin, element: <RequireAdmin>{() => <AdminUsersPage />}</RequireAdmin> },
        { path: paths.adminTools, element: <RequireAdmin>{() => <AdminToolsPage />}</RequireAdmin> },
        {
          path: paths.communityManager,
          element: <RequireAuth>{(me) => <HomePage me={me} communityArea={<CommunityManager me={me} />} />}</RequireAuth>,
        },
        { path: paths.communityTop, element: <RequireAuth>{() => <CommunityTopPage />}</RequireAuth> },
        { path: paths.communityEditor, element: <RequireAdmin>{() => <CommunityEditorPage />}</RequireAdmin> },
        { path: paths.communitySettings, element: <RequireAuth>{(me) => <CommunitySettingsPage me={me} />}</RequireAuth> },
        { path: paths.authorManager, element: <RequireAuth>{() => <AuthorManagerPage />}</RequireAuth> },
        { path: paths.groupManager, element: <RequireAuth>{() => <GroupManagerPage />}</RequireAuth> },
        { path: paths.help, element: <RequireAuth>{(me) => <HelpPage me={me} />}</RequireAuth> },
        { path: paths.aiLogs, element: <RequireAuth>{(me) => <AiLogsPage isAdmin={me.role === 'admin'} />}</RequireAuth> },
        {
          path: paths.view,
          loader: viewLoader,
          element: <RequireAuth>{(me) => <ViewPage isAdmin={me.role === 'admin'} slots={viewSlots} />}</RequireAuth>,
        },
        {
          path: paths.viewWithMenu,
          loader: viewLoader,
          element: <RequireAuth>{(me) => <ViewPage isAdmin={me.role === 'admin'} slots={viewSlots} />}</RequireAuth>,
        },
        { path: paths.contribution, element: <RequireAuth>{() => <ContributionPage />}</RequireAuth> },
        { path: paths.contributionInContext, element: <RequireAuth>{() => <ContributionPage />}</RequireAuth> },
        { path: paths.historicalObject, element: <RequireAuth>{() => <HistoricalObjectPage />}</RequireAuth> },
        { path: paths.viewManager, element: <RequireAuth>{() => <ViewManagerPage />}</RequireAuth> },
        { path: paths.timeMachine, element: <RequireAuth>{() => <TimeMachinePage />}</RequireAuth> },
        { path: paths.search, element: <RequireAuth>{() => <SearchPage />}</RequireAuth> },
        { path: paths.stats, element: <RequireAuth>{() => <StatsPage />}</RequireAuth> },
        { path: paths.s2viz, element: <RequireAuth>{() => <S2vizPage />}</RequireAuth> },
        { path: paths.dashboard, element: <RequireAuth>{() => <DashboardPage />}</RequireAuth> },
        { path: paths.dashboard2, element: <RequireAuth>{() => <NoteDashboardPage />}</RequireAuth> },
        { path: paths.authorNetwork, element: <RequireAuth>{() => <AuthorNetworkRoute />}</RequireAuth> },
        { path: paths.scaffoldManager, element: <RequireAuth>{() => <ScaffoldManagerPage />}</RequireAuth> },
        { path: paths.scaffoldSupportTracker, element: <RequireAuth>{() => <ScaffoldTrackerPage />}</RequireAuth> },
        { path: paths.studentDictionary, element: <RequireAuth>{() => <StudentDictionaryPage />}</RequireAuth> },
        { path: paths.wordCloud, element: <RequireAuth>{() => <WordCloudPage />}</RequireAuth> },
        { path: paths.lexicalAnalysis, element: <RequireAuth>{() => <LexicalAnalysisPage />}</RequireAuth> },
        { path: paths.promisingIdeas, element: <RequireAuth>{() => <PromisingIdeasPage />}</RequireAuth> },
        // The guides are read before the first login too.
        { path: paths.guide, element: <GuidePage /> },
        { path: '*', element: <Navigate to={paths.home} replace /> },
      ],
    },
  ]);

  // Any 401: the API client already cleared the token; forget cached answers
  // and go to /login?redirect=<where the user was>, saying why.
  setUnauthorizedHandler((message) => {
    queryClient.clear();
    const { pathname, search } = router.state.location;
    // The login page shows why (issue 17 §4: a session ended by an admin or from another device).
    setLoginNotice(message);
    void router.navigate(loginHref(pathname + search), { replace: true });
  });

  return router;
};
