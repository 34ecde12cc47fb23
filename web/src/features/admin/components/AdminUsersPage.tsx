import { Search } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { UserRules } from '../../../../../contracts/messages.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/Button.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Page } from '../../../components/Page.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useUserCount, useUserSearch } from '../api/admin.ts';
import styles from './Admin.module.css';
import { Forbidden } from './Forbidden.tsx';
import { EndUserSessions } from './EndUserSessions.tsx';
import { ResetPassword } from './ResetPassword.tsx';

const pageHref = (filter: string, page: number): string => {
  const params = new URLSearchParams();
  if (filter) params.set('filter', filter);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/admin?${query}` : '/admin';
};

/** Page numbers to link: the first, the last and two on each side of the current one. */
export const pageWindow = (page: number, pages: number): (number | null)[] => {
  const shown = new Set([1, pages]);
  for (let n = page - 2; n <= page + 2; n++) if (n >= 1 && n <= pages) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  sorted.forEach((n, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && n - previous > 1) result.push(null);
    result.push(n);
  });
  return result;
};

/** /admin: filter, 50 users a page with page links, a password reset per user. */
export const AdminUsersPage = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filter = params.get('filter') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [draft, setDraft] = useState(filter);
  useEffect(() => setDraft(filter), [filter]);
  const users = useUserSearch(filter, page);
  const count = useUserCount(filter);
  const tableLabelId = `users-${useId().replace(/:/g, '')}`;

  if (users.error instanceof ApiError && users.error.status === 403) return <Forbidden />;

  const total = count.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(total / UserRules.adminPageSize));
  const dateFormat = new Intl.DateTimeFormat(document.documentElement.lang || 'fr', { dateStyle: 'medium' });

  const handleSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (draft.trim()) next.set('filter', draft.trim());
    setParams(next);
  };

  return (
    <Page title={t('admin.usersTitle')} subtitle={t('admin.usersIntro')}>
      <form className={styles.toolbar} role="search" onSubmit={handleSearch}>
        <TextField
          name="filter"
          type="search"
          label={t('admin.filterLabel')}
          placeholder={t('admin.filterHint')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit">
          <Search size={18} aria-hidden="true" />
          {t('admin.search')}
        </Button>
      </form>
      {count.data && (
        <p className={styles.count} id={tableLabelId} data-testid="user-count">
          {t('admin.count', { count: total })}
        </p>
      )}
      {users.isError && !(users.error instanceof ApiError && users.error.status === 403) && (
        <Alert tone="error">{users.error instanceof ApiError ? users.error.message : t('common.genericError')}</Alert>
      )}
      {users.isPending && <p>{t('common.loading')}</p>}
      {users.data && users.data.length === 0 && <p>{t('admin.noUsers')}</p>}
      {users.data && users.data.length > 0 && (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-labelledby={tableLabelId}>
          <table className={`${styles.table} ${styles.users}`} data-testid="users-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.colUser')}</th>
                <th scope="col">{t('admin.colEmail')}</th>
                <th scope="col">{t('admin.colRole')}</th>
                <th scope="col">{t('admin.colCreated')}</th>
                <th scope="col">{t('admin.colReset')}</th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((user) => (
                <tr key={user._id} data-user={user.userName}>
                  <td>
                    <div className={styles.userName}>{user.userName}</div>
                    <div className={styles.muted}>{user.name || `${user.firstName} ${user.lastName}`}</div>
                  </td>
                  <td data-label={t('admin.colEmail')}>{user.email}</td>
                  <td data-label={t('admin.colRole')}>
                    <span className={`${styles.badge} ${user.role === 'admin' ? styles.badgeAdmin : ''}`}>
                      {user.role === 'admin' ? t('admin.roleAdmin') : t('admin.roleUser')}
                    </span>
                    {user.blockLogin && <div className={styles.muted}>{t('admin.blocked')}</div>}
                  </td>
                  <td data-label={t('admin.colCreated')} className={styles.nowrap}>
                    <time dateTime={user.created}>{dateFormat.format(new Date(user.created))}</time>
                  </td>
                  <td data-label={t('admin.colReset')}>
                    <ResetPassword userId={user._id} userName={user.userName} />
                    <EndUserSessions userId={user._id} userName={user.userName} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav aria-label={t('admin.pagination')}>
          <ul className={styles.pagination}>
            {page > 1 && (
              <li>
                <Link className={styles.pageLink} to={pageHref(filter, page - 1)} rel="prev">
                  {t('admin.previous')}
                </Link>
              </li>
            )}
            {pageWindow(page, pages).map((number, index) =>
              number === null ? (
                <li key={`gap-${index}`} className={styles.muted} aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={number}>
                  <Link
                    className={styles.pageLink}
                    to={pageHref(filter, number)}
                    aria-current={number === page ? 'page' : undefined}
                    aria-label={t('admin.pageLink', { page: number })}
                  >
                    {number}
                  </Link>
                </li>
              ),
            )}
            {page < pages && (
              <li>
                <Link className={styles.pageLink} to={pageHref(filter, page + 1)} rel="next">
                  {t('admin.next')}
                </Link>
              </li>
            )}
          </ul>
        </nav>
      )}
    </Page>
  );
};
