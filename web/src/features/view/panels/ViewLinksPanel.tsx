import { ArrowRight, LayoutDashboard, Plus } from 'lucide-react';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCommunityViews } from '../../../lib/community.ts';
import { Panel } from './Panel.tsx';
import styles from './Panels.module.css';

/** A drag type the canvas understands: a view link (the view's id). */
export const viewLinkDragType = 'application/x-buildon-view';

/**
 * The community's views: drag one onto the canvas (or press +) to place a
 * link to it in this view; the arrow opens it.
 */
export const ViewLinksPanel = ({
  communityId,
  viewId,
  editable,
  onPlace,
  onClose,
}: {
  communityId: string;
  viewId: string;
  editable: boolean;
  onPlace: (viewId: string) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const views = useCommunityViews(communityId);
  const handleDragStart = (id: string) => (event: DragEvent) => {
    event.dataTransfer.setData(viewLinkDragType, id);
    event.dataTransfer.effectAllowed = 'copy';
  };
  const others = (views.data ?? []).filter((view) => view._id !== viewId);
  return (
    <Panel title={t('canvas.panels.viewLinks')} onClose={onClose} testId="panel-viewLinks">
      <p className={styles.hint}>{editable ? t('canvas.viewLinks.hint') : t('canvas.viewLinks.readOnly')}</p>
      {views.isPending && <p className={styles.hint}>{t('canvas.loading')}</p>}
      <ul className={styles.list}>
        {others.map((view) => (
          <li
            key={view._id}
            className={`${styles.row} ${editable ? styles.draggable : ''}`}
            draggable={editable}
            onDragStart={handleDragStart(view._id)}
            data-testid="view-link"
            data-view-id={view._id}
          >
            <LayoutDashboard size={16} aria-hidden="true" />
            <span className={styles.rowTitle}>{view.title}</span>
            {editable && (
              <button
                type="button"
                className={styles.iconButton}
                onClick={() => onPlace(view._id)}
                aria-label={t('canvas.viewLinks.place', { title: view.title })}
                title={t('canvas.viewLinks.place', { title: view.title })}
              >
                <Plus size={16} aria-hidden="true" />
              </button>
            )}
            <Link className={styles.iconButton} to={`/view/${view._id}`} aria-label={t('canvas.viewLinks.open', { title: view.title })}>
              <ArrowRight size={16} aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
      {views.isSuccess && others.length === 0 && <p className={styles.hint}>{t('canvas.viewLinks.none')}</p>}
    </Panel>
  );
};
