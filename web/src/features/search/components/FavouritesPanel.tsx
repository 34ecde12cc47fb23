import { FileText, GripVertical, LayoutGrid, Star } from 'lucide-react';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FavouriteItem } from '../../../../../contracts/api/objects.ts';
import { setContributionDragData } from '../../../lib/dragData.ts';
import { useFavourites } from '../api/favourites.ts';
import styles from './FavouritesPanel.module.css';

/** Where a favourite opens: a view's canvas, or the contribution page. */
export const favouriteHref = (item: Pick<FavouriteItem, '_id' | 'type'>): string =>
  item.type === 'View' ? `/view/${item._id}` : `/contribution/${item._id}`;

/**
 * The favourites panel of the view screen (issue 14 §4): the notes (and
 * drawings, attachments, views) the user starred and may still read — the
 * server leaves out what became private to others or was deleted. Each one
 * opens on click and can be dragged onto the canvas
 * (`application/x-buildon-contribution`, web/src/lib/dragData.ts).
 */
export const FavouritesPanel = ({ communityId, hideWhenDisabled = false }: { communityId: string; hideWhenDisabled?: boolean }) => {
  const { t } = useTranslation();
  const query = useFavourites(communityId);
  if (hideWhenDisabled && query.data?.enabled === false) return null;
  const startDrag = (item: FavouriteItem) => (event: DragEvent) => {
    setContributionDragData(event.dataTransfer, { id: item._id, communityId, title: item.title });
    event.dataTransfer.effectAllowed = 'copy';
  };

  return (
    <section className={styles.panel} aria-labelledby="favourites-title" data-testid="favourites-panel">
      <h2 id="favourites-title" className={styles.title}>
        <Star size={16} aria-hidden="true" /> {t('searchMore.favourites.title')}
      </h2>
      {query.isPending ? (
        <p role="status" className={styles.muted}>
          {t('searchMore.favourites.loading')}
        </p>
      ) : query.isError ? (
        <p role="alert" className={styles.error}>
          {t('searchMore.favourites.error')}
        </p>
      ) : !query.data.enabled ? (
        <p className={styles.muted} data-testid="favourites-disabled">
          {t('searchMore.favourites.disabled')}
        </p>
      ) : query.data.favourites.length === 0 ? (
        <p className={styles.muted} data-testid="favourites-empty">
          {t('searchMore.favourites.empty')}
        </p>
      ) : (
        <>
          <p className={styles.muted}>{t('searchMore.favourites.dragHint')}</p>
          <ul className={styles.list}>
            {query.data.favourites.map((item) => {
              const title = item.title || t('searchMore.favourites.untitled');
              const Icon = item.type === 'View' ? LayoutGrid : FileText;
              return (
                <li
                  key={item._id}
                  className={styles.item}
                  draggable
                  onDragStart={startDrag(item)}
                  data-testid="favourite"
                  data-id={item._id}
                >
                  <GripVertical size={16} aria-hidden="true" className={styles.grip} />
                  <Icon size={16} aria-hidden="true" />
                  <span className={styles.text}>
                    <Link to={favouriteHref(item)} className={styles.link} aria-label={t('searchMore.favourites.open', { title })}>
                      {title}
                    </Link>
                    {item.authorNames.some(Boolean) && (
                      <span className={styles.meta}>
                        {t('searchMore.favourites.by', { authors: item.authorNames.filter(Boolean).join(', ') })}
                      </span>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
};
