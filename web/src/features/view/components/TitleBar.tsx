import { ListTree, LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ViewCanvasReply } from '../api/canvas.ts';
import { displayName, viewTitleOf } from '../canvas/model.ts';
import type { Presence } from '../live/useViewLive.ts';
import { LanguagePicker } from './LanguagePicker.tsx';
import styles from './View.module.css';

/**
 * The view's title bar: community, view, '(Lecture seul)' when read-only, the
 * hierarchy button when that plugin is on, who else is here, me with my role,
 * logout.
 */
export const TitleBar = ({
  data,
  presence,
  hierarchyOpen,
  onHierarchy,
}: {
  data: ViewCanvasReply;
  presence: Presence[];
  hierarchyOpen: boolean;
  onHierarchy: (() => void) | null;
}) => {
  const { t } = useTranslation();
  const { community, me, editable } = data;
  const others = presence.filter((p) => p.authorId !== me._id);
  return (
    <header className={styles.titleBar} data-testid="view-titlebar">
      <div className={styles.titles}>
        <span className={styles.community} data-testid="view-community">
          {community.title}
        </span>
        <h1 className={styles.viewTitle} data-testid="view-title">
          {viewTitleOf(data)}
          {!editable && (
            <span className={styles.readOnly} data-testid="view-readonly">
              {` ${t('view.readOnly')}`}
            </span>
          )}
        </h1>
      </div>
      {onHierarchy && (
        <button
          type="button"
          className={`${styles.barButton} ${hierarchyOpen ? styles.barButtonOn : ''}`}
          onClick={onHierarchy}
          aria-pressed={hierarchyOpen}
          aria-label={t('canvas.panels.hierarchy')}
          title={t('canvas.panels.hierarchy')}
          data-testid="tool-hierarchy"
        >
          <ListTree size={18} aria-hidden="true" />
        </button>
      )}
      <LanguagePicker communityId={community._id} context={data.context} />
      <div className={styles.presence} data-testid="presence" aria-live="polite">
        {others.length > 0 && (
          <>
            <span className={styles.presenceLabel}>{t('canvas.presence.here')}</span>
            <ul className={styles.presenceList} aria-label={t('canvas.presence.label')}>
              {others.slice(0, 6).map((p) => (
                <li key={p.authorId} className={styles.avatar} title={p.name} data-testid="presence-person">
                  <span aria-hidden="true">{initials(p.name)}</span>
                  <span className={styles.srOnly}>{p.name}</span>
                </li>
              ))}
              {others.length > 6 && <li className={styles.avatar}>+{others.length - 6}</li>}
            </ul>
          </>
        )}
      </div>
      <div className={styles.me}>
        <span data-testid="view-author">
          <span className={styles.strong}>{displayName(me, data.context.flipname)}</span>{' '}
          <span className={styles.role}>
            ({t(me.role === 'manager' ? 'view.roleManager' : me.role === 'researcher' ? 'view.roleResearcher' : 'view.roleWriter')})
          </span>
        </span>
        <Link className={styles.barButton} to="/logout" data-testid="view-logout" aria-label={t('view.logout')} title={t('view.logout')}>
          <LogOut size={18} aria-hidden="true" />
        </Link>
      </div>
    </header>
  );
};

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toLocaleUpperCase() ?? '')
    .join('');
