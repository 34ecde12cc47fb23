import { LayoutDashboard, LogOut, Settings, UserCog, UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/Alert.tsx';
import { buttonClass } from '../../../components/Button.tsx';
import { Page, useDocumentTitle } from '../../../components/Page.tsx';
import { serverMessage } from '../../../components/serverMessage.ts';
import { useViewPage, type ViewPage as ViewPageData } from '../api/view.ts';
import styles from './View.module.css';

/** The view's title bar: community, view, read-only mark, me with my role, logout; manager links. */
const TitleBar = ({ data, isAdmin }: { data: ViewPageData; isAdmin: boolean }) => {
  const { t } = useTranslation();
  const { view, community, me, editable } = data;
  const canManage = isAdmin || me.role === 'manager';
  const name = `${me.firstName} ${me.lastName}`.trim() || me.userName;
  return (
    <header className={styles.titleBar} data-testid="view-titlebar">
      <div className={styles.titles}>
        <span className={styles.community} data-testid="view-community">
          {community.title}
        </span>
        <h1 className={styles.viewTitle} data-testid="view-title">
          {view.title}
          {!editable && (
            <span className={styles.readOnly} data-testid="view-readonly">
              {` ${t('view.readOnly')}`}
            </span>
          )}
        </h1>
      </div>
      <div className={styles.me}>
        <span data-testid="view-author">
          <span className={styles.strong}>{name}</span>{' '}
          <span className={styles.role}>({me.role === 'manager' ? t('view.roleManager') : t('view.roleWriter')})</span>
        </span>
        <Link className={buttonClass('ghost')} to="/logout" data-testid="view-logout">
          <LogOut size={18} aria-hidden="true" />
          {t('view.logout')}
        </Link>
      </div>
      {canManage && (
        <nav className={styles.manage} aria-label={t('view.manageLinks')}>
          <Link className={buttonClass('secondary')} to={`/authormanager/${community._id}`} data-testid="view-authormanager">
            <UserCog size={18} aria-hidden="true" />
            {t('view.authorManager')}
          </Link>
          <Link className={buttonClass('secondary')} to={`/groupmanager/${community._id}`} data-testid="view-groupmanager">
            <UsersRound size={18} aria-hidden="true" />
            {t('view.groupManager')}
          </Link>
          <Link className={buttonClass('secondary')} to={`/communitysettings/${community._id}`} data-testid="view-settings">
            <Settings size={18} aria-hidden="true" />
            {t('view.settings')}
          </Link>
        </nav>
      )}
    </header>
  );
};

/** `/view/{viewId}` (and `/{menuStatus}`): a minimal page until the canvas arrives. */
export const ViewPage = ({ isAdmin }: { isAdmin: boolean }) => {
  const { t } = useTranslation();
  const { viewId = '' } = useParams();
  const page = useViewPage(viewId);
  useDocumentTitle(page.data?.view.title ?? t('view.loading'));

  if (page.isError) {
    return (
      <Page title={t('view.cannotOpen')}>
        <Alert tone="error" testId="view-error">
          {serverMessage(page.error) ?? t('common.genericError')}
        </Alert>
        <p>
          <Link className={buttonClass('secondary')} to="/">
            {t('common.backHome')}
          </Link>
        </p>
      </Page>
    );
  }
  if (!page.data) {
    return (
      <p className={styles.status} role="status">
        {t('view.loading')}
      </p>
    );
  }
  return (
    <div className={styles.view} data-testid="view-page">
      <TitleBar data={page.data} isAdmin={isAdmin} />
      <section className={styles.canvas} aria-label={t('view.canvas')}>
        <LayoutDashboard size={40} aria-hidden="true" />
        <p>{t('view.canvasSoon')}</p>
      </section>
    </div>
  );
};
