import { BarChart3, BookA, Cloud, LayoutDashboard, Lightbulb, ListChecks, Network, NotebookText, Share2, TextSearch } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { joinPromisingIdeasIds } from '../../../../../contracts/promisingIdeas.ts';
import { useCommunitySettings } from '../../../lib/community.ts';
import { analyticsHref, analyticsPages, type AnalyticsPageName } from '../links.ts';
import styles from './AnalyticsMenu.module.css';

const icons = { stats: BarChart3, s2viz: Share2, dashboard: LayoutDashboard, dashboard2: NotebookText, authornetwork: Network } as const;

/**
 * The analytics menu (issue 12 §7): links to the community's analytics pages.
 * Every member may open them (the server shows a writer letters for
 * classmates), so it is shown wherever a member is; the pages themselves
 * are refused by the server to anyone else. `current` marks the page shown.
 */
export const AnalyticsMenu = ({
  communityId,
  current,
  compact = false,
}: {
  communityId: string;
  current?: AnalyticsPageName | 'scaffoldsupporttracker' | 'lexicalanalysis';
  /** A column of links (the view's settings panel) rather than a row of tabs. */
  compact?: boolean;
}) => {
  const { t } = useTranslation();
  // On a view's screen, its word cloud too (issue 13 §3).
  const { viewId } = useParams();
  // Issue 14 §3: promising ideas, while the community's plugin is on (texts in locales/promisingIdeas/).
  const promising = useCommunitySettings(communityId).data?.data.plugins.promisingnessidea === true;
  return (
    <nav aria-label={t('stats.menu.label')} data-testid="analytics-menu">
      <ul className={compact ? styles.column : styles.row}>
        {analyticsPages.map((page) => {
          const Icon = icons[page];
          return (
            <li key={page}>
              <Link
                to={analyticsHref(page, communityId)}
                className={styles.link}
                aria-current={page === current ? 'page' : undefined}
                data-testid={page === 'stats' ? 'open-stats' : `open-${page}`}
              >
                <Icon size={16} aria-hidden="true" /> {t(`stats.menu.${page}`)}
              </Link>
            </li>
          );
        })}
        {/* Issue 13 §6: the scaffold support tracker (its texts are in locales/scaffolds/). */}
        <li>
          <Link
            to={`/scaffoldsupporttracker/${encodeURIComponent(communityId)}`}
            className={styles.link}
            aria-current={current === 'scaffoldsupporttracker' ? 'page' : undefined}
            data-testid="open-scaffoldsupporttracker"
          >
            <ListChecks size={16} aria-hidden="true" /> {t('scaffolds.tracker.menu')}
          </Link>
        </li>
        <li>
          <Link to={`/studentdictionary/${encodeURIComponent(communityId)}`} className={styles.link} data-testid="open-studentdictionary">
            <BookA size={16} aria-hidden="true" /> {t('lexical.menu')}
          </Link>
        </li>
        {/* Issue 13 §4: the lexical analysis (its texts are in locales/lexicalAnalysis/). */}
        <li>
          <Link
            to={`/lexicalanalysis/${encodeURIComponent(communityId)}`}
            className={styles.link}
            aria-current={current === 'lexicalanalysis' ? 'page' : undefined}
            data-testid="open-lexicalanalysis"
          >
            <TextSearch size={16} aria-hidden="true" /> {t('lexicalAnalysis.title')}
          </Link>
        </li>
        {promising && (
          <li>
            <Link
              to={`/promisingideas/${encodeURIComponent(joinPromisingIdeasIds(communityId, viewId))}`}
              className={styles.link}
              data-testid="open-promisingideas"
            >
              <Lightbulb size={16} aria-hidden="true" /> {t('promisingIdeas.menu')}
            </Link>
          </li>
        )}
        {viewId && (
          <li>
            <Link to={`/wcloud/${encodeURIComponent(viewId)}`} className={styles.link} data-testid="open-wcloud">
              <Cloud size={16} aria-hidden="true" /> {t('lexical.wcloud.title')}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
};
